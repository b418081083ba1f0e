// SPDX-License-Identifier: MIT
#include "model/sim/scenarioio.h"

#include "model/collectives/document.h"
#include "model/collectives/units.h"
#include "model/io/atomicfile.h"
#include "model/io/jsonsafe.h"

#include <charconv>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

namespace tutor::model {

using nlohmann::json;

namespace {
/// The recomputation choices as the error text names them: "none", "selective", "selective-op" or "full".
std::string recomputeNames()
{
    std::vector<std::string> quoted;
    for (auto choice : recomputeChoices())
        quoted.push_back("\"" + std::string(name(choice)) + "\"");
    return joinList({ quoted.begin(), quoted.end() }, ", ", " or ");
}

// Reads one JSON document into a Scenario, collecting type problems and unknown keys.
class Reader {
public:
    explicit Reader(std::string origin)
        : m_origin(std::move(origin))
    {
    }
    Problems problems;

    void add(std::string field, std::string value, std::string rule)
    {
        problems.push_back({ std::move(field), std::move(value), std::move(rule), m_origin });
    }

    // True when `node` is an object; reports the keys not in `known`.
    bool object(const json& node, const std::string& path, std::initializer_list<std::string_view> known)
    {
        if (!node.is_object()) {
            add(path.empty() ? "(document)" : path, shownValue(node), "must be a JSON object");
            return false;
        }
        for (const auto& [key, value] : node.items()) {
            bool found = false;
            for (auto k : known)
                found = found || key == k;
            if (!found)
                add(path.empty() ? key : path + "." + key, shownValue(value),
                    "unknown key (expected one of: " + joinList({ known.begin(), known.end() }, ", ", ", ") + ")");
        }
        return true;
    }

    void integer(const json& obj, const std::string& path, const char* key, int& out)
    {
        const auto it = obj.find(key);
        if (it == obj.end())
            return;
        const std::string field = path + "." + key;
        if (it->is_number_integer() || it->is_number_unsigned()) {
            const auto v = it->is_number_unsigned() ? static_cast<long double>(it->get<std::uint64_t>())
                                                    : static_cast<long double>(it->get<std::int64_t>());
            if (v > std::numeric_limits<int>::max() || v < std::numeric_limits<int>::min())
                add(field, shownValue(*it), "must be at most 2147483647 in magnitude");
            else
                out = static_cast<int>(v);
        } else if (it->is_number_float() && std::floor(it->get<double>()) == it->get<double>()
            && std::abs(it->get<double>()) < 2e9) {
            out = static_cast<int>(it->get<double>());
        } else {
            add(field, shownValue(*it), "must be an integer");
        }
    }

    void real(const json& obj, const std::string& path, const char* key, double& out)
    {
        const auto it = obj.find(key);
        if (it == obj.end())
            return;
        if (it->is_number())
            out = it->get<double>();
        else
            add(path + "." + key, shownValue(*it), "must be a number");
    }

    void real(const json& obj, const std::string& path, const char* key, std::optional<double>& out)
    {
        if (!obj.contains(key))
            return;
        double v = 0;
        const auto before = problems.size();
        real(obj, path, key, v);
        if (problems.size() == before)
            out = v;
    }

    void boolean(const json& obj, const std::string& path, const char* key, bool& out)
    {
        const auto it = obj.find(key);
        if (it == obj.end())
            return;
        if (it->is_boolean())
            out = it->get<bool>();
        else
            add(path + "." + key, shownValue(*it), "must be true or false");
    }

    // A list of integers, each read as integer() reads one (field "path.key[i]").
    void integers(const json& obj, const std::string& path, const char* key, std::vector<int>& out)
    {
        const auto it = obj.find(key);
        if (it == obj.end())
            return;
        const std::string field = path + "." + key;
        if (!it->is_array()) {
            add(field, shownValue(*it), "must be a list of integers");
            return;
        }
        out.assign(it->size(), 0);
        for (std::size_t i = 0; i < it->size(); ++i) {
            const json one = { { "v", (*it)[i] } };
            const auto before = problems.size();
            integer(one, field, "v", out[i]);
            if (problems.size() > before)
                problems.back().field = field + "[" + std::to_string(i) + "]";
        }
    }

    bool text(const json& obj, const std::string& path, const char* key, std::string& out)
    {
        const auto it = obj.find(key);
        if (it == obj.end())
            return false;
        if (!it->is_string()) {
            add(path.empty() ? key : path + "." + key, shownValue(*it), "must be a string");
            return false;
        }
        out = it->get<std::string>();
        return true;
    }

    // A named choice (an enum's name): `parse` maps the text to a value, or to nullopt for a problem with `rule`.
    template <class T, class Parse>
    void choice(const json& obj, const std::string& path, const char* key, T& out, Parse parse, const std::string& rule)
    {
        std::string text;
        if (!this->text(obj, path, key, text))
            return;
        if (const auto parsed = parse(text))
            out = *parsed;
        else
            add(path + "." + key, text, rule);
    }

    void link(const json& obj, const std::string& path, const char* key, LinkOverride& out)
    {
        const auto it = obj.find(key);
        if (it == obj.end())
            return;
        const std::string p = path + "." + key;
        if (!object(*it, p, { "bandwidth_GBps", "alpha_us" }))
            return;
        real(*it, p, "bandwidth_GBps", out.bandwidthGBps);
        real(*it, p, "alpha_us", out.alphaMicroseconds);
    }

private:
    std::string m_origin;
};

template <class Section, class Fn> void section(const json& doc, const char* key, Fn fn)
{
    if (const auto it = doc.find(key); it != doc.end())
        fn(*it, std::string(key));
}

/// A text field that is a string (English only) or {"en": …, "zh_CN": …}.
void localized(Reader& r, const json& doc, const char* key, LocalizedText& out)
{
    const auto it = doc.find(key);
    if (it == doc.end())
        return;
    if (it->is_string()) {
        r.text(doc, "", key, out.en);
    } else if (r.object(*it, key, { "en", "zh_CN" })) {
        r.text(*it, key, "en", out.en);
        r.text(*it, key, "zh_CN", out.zhCN);
    }
}

json localizedJson(const LocalizedText& text)
{
    if (text.zhCN.empty())
        return text.en;
    return { { "en", text.en }, { "zh_CN", text.zhCN } };
}

} // namespace

Result<Scenario> scenarioFromJson(const json& doc, const std::string& origin)
{
    Reader r(origin);
    Scenario s;
    bool globalOnly = false;
    if (!r.object(doc, "",
            { "name", "description", "hardware", "model", "parallel", "batch", "comm", "compute", "straggler" }))
        return r.problems;
    localized(r, doc, "name", s.name);
    localized(r, doc, "description", s.description);
    section<HardwareSpec>(doc, "hardware", [&](const json& h, const std::string& p) {
        if (!r.object(h, p,
                { "preset", "nodes", "gpus_per_node", "intra", "inter", "nics_per_node", "peak_TFLOPs", "memory_GiB" }))
            return;
        r.text(h, p, "preset", s.hardware.preset);
        r.integer(h, p, "nodes", s.hardware.nodes);
        r.integer(h, p, "gpus_per_node", s.hardware.gpusPerNode);
        r.link(h, p, "intra", s.hardware.intra);
        r.link(h, p, "inter", s.hardware.inter);
        if (h.contains("nics_per_node")) {
            int nics = 0;
            r.integer(h, p, "nics_per_node", nics);
            s.hardware.nicsPerNode = nics;
        }
        r.real(h, p, "peak_TFLOPs", s.hardware.peakTflops);
        r.real(h, p, "memory_GiB", s.hardware.memoryGiB);
    });
    section<ModelShape>(doc, "model", [&](const json& m, const std::string& p) {
        if (!r.object(m, p,
                { "layers", "hidden", "ffn", "heads", "kv_heads", "head_dim", "mlp", "seq_len", "vocab",
                    "tied_embeddings", "moe", "mla" }))
            return;
        r.integer(m, p, "layers", s.model.layers);
        r.integer(m, p, "hidden", s.model.hidden);
        r.integer(m, p, "ffn", s.model.ffn);
        r.integer(m, p, "heads", s.model.heads);
        r.integer(m, p, "kv_heads", s.model.kvHeads);
        r.integer(m, p, "head_dim", s.model.headDim);
        std::string mlp;
        if (r.text(m, p, "mlp", mlp)) {
            if (mlp == "gelu" || mlp == "swiglu")
                s.model.gatedMlp = mlp == "swiglu";
            else
                r.add(p + ".mlp", mlp, "must be \"gelu\" or \"swiglu\"");
        }
        r.boolean(m, p, "tied_embeddings", s.model.tiedEmbeddings);
        r.integer(m, p, "seq_len", s.model.seqLen);
        r.integer(m, p, "vocab", s.model.vocab);
        if (const auto it = m.find("moe"); it != m.end()) {
            const std::string mp = p + ".moe";
            if (r.object(*it, mp,
                    { "experts", "top_k", "capacity_factor", "every_n_layers", "first_dense_layers", "expert_ffn",
                        "shared_expert_ffn", "groups", "group_top_k" })) {
                r.integer(*it, mp, "experts", s.model.moe.experts);
                r.integer(*it, mp, "top_k", s.model.moe.topK);
                r.real(*it, mp, "capacity_factor", s.model.moe.capacityFactor);
                r.integer(*it, mp, "every_n_layers", s.model.moe.everyNLayers);
                r.integer(*it, mp, "first_dense_layers", s.model.moe.firstDenseLayers);
                r.integer(*it, mp, "expert_ffn", s.model.moe.expertFfn);
                r.integer(*it, mp, "shared_expert_ffn", s.model.moe.sharedExpertFfn);
                r.integer(*it, mp, "groups", s.model.moe.groups);
                r.integer(*it, mp, "group_top_k", s.model.moe.groupTopK);
            }
        }
        if (const auto it = m.find("mla"); it != m.end()) {
            const std::string mp = p + ".mla";
            if (r.object(*it, mp, { "q_lora_rank", "kv_lora_rank", "rope_head_dim", "v_head_dim" })) {
                r.integer(*it, mp, "q_lora_rank", s.model.mla.qLoraRank);
                r.integer(*it, mp, "kv_lora_rank", s.model.mla.kvLoraRank);
                r.integer(*it, mp, "rope_head_dim", s.model.mla.ropeHeadDim);
                r.integer(*it, mp, "v_head_dim", s.model.mla.vHeadDim);
                if (!it->contains("kv_lora_rank"))
                    r.add(mp + ".kv_lora_rank", "(missing)",
                        "is required: multi-head latent attention is defined by its key-value latent width");
            }
        }
    });
    section<ParallelSpec>(doc, "parallel", [&](const json& q, const std::string& p) {
        if (!r.object(q, p,
                { "dp", "tp", "pp", "ep", "etp", "cp", "sp", "zero_stage", "virtual_stages", "schedule",
                    "chunk_layers" }))
            return;
        r.integers(q, p, "chunk_layers", s.parallel.chunkLayers);
        r.integer(q, p, "dp", s.parallel.dp);
        r.integer(q, p, "tp", s.parallel.tp);
        r.integer(q, p, "pp", s.parallel.pp);
        r.integer(q, p, "ep", s.parallel.ep);
        r.integer(q, p, "etp", s.parallel.etp);
        r.integer(q, p, "cp", s.parallel.cp);
        r.boolean(q, p, "sp", s.parallel.sp);
        r.integer(q, p, "zero_stage", s.parallel.zeroStage);
        r.integer(q, p, "virtual_stages", s.parallel.virtualStages);
        r.choice(q, p, "schedule", s.parallel.schedule, parsePipelineSchedule,
            "must be \"gpipe\", \"1f1b\" or \"interleaved\"");
    });
    section<BatchSpec>(doc, "batch", [&](const json& b, const std::string& p) {
        if (!r.object(b, p, { "micro_batch_size", "micro_batches", "grad_accum", "global_batch" }))
            return;
        r.integer(b, p, "micro_batch_size", s.batch.microBatchSize);
        r.integer(b, p, "micro_batches", s.batch.microBatches);
        r.integer(b, p, "grad_accum", s.batch.gradAccum);
        r.integer(b, p, "global_batch", s.batch.globalBatch);
        globalOnly = b.contains("global_batch") && !b.contains("micro_batches");
    });
    section<CommSpec>(doc, "comm", [&](const json& c, const std::string& p) {
        if (!r.object(c, p,
                { "bucket_MiB", "first_bucket_MiB", "overlap", "prefetch_depth", "tp_overlap", "overlap_param_gather",
                    "moe_flex_dispatcher", "moe_ep_overlap", "dtype", "grad_dtype" }))
            return;
        r.real(c, p, "bucket_MiB", s.comm.bucketMiB);
        r.real(c, p, "first_bucket_MiB", s.comm.firstBucketMiB);
        r.boolean(c, p, "overlap", s.comm.overlap);
        r.integer(c, p, "prefetch_depth", s.comm.prefetchDepth);
        r.boolean(c, p, "tp_overlap", s.comm.tpOverlap);
        r.boolean(c, p, "overlap_param_gather", s.comm.overlapParamGather);
        r.boolean(c, p, "moe_flex_dispatcher", s.comm.moeFlexDispatcher);
        r.boolean(c, p, "moe_ep_overlap", s.comm.moeEpOverlap);
        r.choice(c, p, "dtype", s.comm.dtype, parseDType, "must be a data type such as \"bf16\", \"fp16\" or \"fp32\"");
        r.choice(c, p, "grad_dtype", s.comm.gradDtype, parseDType, "must be a data type such as \"bf16\" or \"fp32\"");
    });
    section<ComputeSpec>(doc, "compute", [&](const json& c, const std::string& p) {
        if (!r.object(c, p,
                { "efficiency", "precision", "flash_attention", "attention_kernel", "recompute", "elementwise", "norm",
                    "loss", "fp8_scaling", "cuda_graphs", "interference" }))
            return;
        r.real(c, p, "efficiency", s.compute.efficiency);
        r.boolean(c, p, "flash_attention", s.compute.flashAttention);
        r.choice(c, p, "attention_kernel", s.compute.attentionKernel, parseAttentionKernel,
            "must be \"cudnn\", \"flash2\" or \"triton\"");
        r.choice(c, p, "precision", s.compute.precision, parsePrecision, "must be \"bf16\" or \"fp8\"");
        r.real(c, p, "interference", s.compute.interference);
        r.choice(c, p, "recompute", s.compute.recompute, parseRecompute, "must be " + recomputeNames());
        r.choice(c, p, "elementwise", s.compute.elementwise, parseElementwise, "must be \"fused\" or \"eager\"");
        r.choice(c, p, "norm", s.compute.norm, parseElementwise, "must be \"fused\" or \"eager\"");
        r.choice(c, p, "loss", s.compute.loss, parseElementwise, "must be \"fused\" or \"eager\"");
        r.choice(c, p, "fp8_scaling", s.compute.fp8Scaling, parseFp8Scaling,
            "must be \"fused\", \"dynamic\", \"current\" or \"mxfp8\"");
        r.choice(c, p, "cuda_graphs", s.compute.cudaGraphs, parseCudaGraphs,
            "must be \"none\", \"scoped\" or \"full_iteration\"");
    });
    section<StragglerSpec>(doc, "straggler", [&](const json& g, const std::string& p) {
        if (!r.object(g, p, { "rank", "slowdown_pct" }))
            return;
        r.integer(g, p, "rank", s.straggler.rank);
        r.real(g, p, "slowdown_pct", s.straggler.slowdownPct);
    });
    if (!r.problems.empty())
        return r.problems;
    // global_batch alone sets the micro-batch count: global / (micro_batch_size · grad_accum · dp) when it divides;
    // validate() names the mismatch otherwise.
    if (const long long per = static_cast<long long>(s.batch.microBatchSize) * s.batch.gradAccum * s.parallel.dp;
        globalOnly && per > 0 && s.batch.globalBatch > 0 && s.batch.globalBatch % per == 0)
        s.batch.microBatches = static_cast<int>(s.batch.globalBatch / per);
    auto problems = validate(s);
    if (!problems.empty()) {
        for (auto& problem : problems)
            problem.where = origin;
        return problems;
    }
    return s;
}

Result<json> parseJson(std::string_view text, const std::string& origin)
{
    return parseJsonText(text, origin);
}

Result<Scenario> parseScenario(std::string_view text, const std::string& origin)
{
    auto doc = parseJson(text, origin);
    if (!doc)
        return doc.problems();
    return scenarioFromJson(doc.value(), origin);
}

Result<json> loadJson(const std::string& path)
{
    return loadJsonFile(path);
}

Result<Scenario> loadScenario(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text)
        return text.problems();
    return parseScenario(text.value(), path);
}

json toJson(const Scenario& s)
{
    json hw = { { "preset", s.hardware.preset }, { "nodes", s.hardware.nodes } };
    if (s.hardware.gpusPerNode > 0)
        hw["gpus_per_node"] = s.hardware.gpusPerNode;
    const auto link = [](const LinkOverride& o) {
        json out = json::object();
        if (o.bandwidthGBps)
            out["bandwidth_GBps"] = *o.bandwidthGBps;
        if (o.alphaMicroseconds)
            out["alpha_us"] = *o.alphaMicroseconds;
        return out;
    };
    if (s.hardware.intra != LinkOverride {})
        hw["intra"] = link(s.hardware.intra);
    if (s.hardware.inter != LinkOverride {})
        hw["inter"] = link(s.hardware.inter);
    if (s.hardware.nicsPerNode)
        hw["nics_per_node"] = *s.hardware.nicsPerNode;
    if (s.hardware.peakTflops)
        hw["peak_TFLOPs"] = *s.hardware.peakTflops;
    if (s.hardware.memoryGiB)
        hw["memory_GiB"] = *s.hardware.memoryGiB;

    json model = { { "layers", s.model.layers }, { "hidden", s.model.hidden }, { "heads", s.model.heads },
        { "seq_len", s.model.seqLen }, { "vocab", s.model.vocab } };
    if (s.model.ffn > 0)
        model["ffn"] = s.model.ffn;
    if (s.model.kvHeads > 0)
        model["kv_heads"] = s.model.kvHeads;
    if (s.model.headDim > 0)
        model["head_dim"] = s.model.headDim;
    if (s.model.gatedMlp)
        model["mlp"] = "swiglu";
    if (!s.model.tiedEmbeddings)
        model["tied_embeddings"] = false;
    if (s.model.moe.experts > 0) {
        const auto& moe = s.model.moe;
        model["moe"] = { { "experts", moe.experts }, { "top_k", moe.topK }, { "capacity_factor", moe.capacityFactor },
            { "every_n_layers", moe.everyNLayers } };
        if (moe.firstDenseLayers > 0)
            model["moe"]["first_dense_layers"] = moe.firstDenseLayers;
        if (moe.expertFfn > 0)
            model["moe"]["expert_ffn"] = moe.expertFfn;
        if (moe.sharedExpertFfn > 0)
            model["moe"]["shared_expert_ffn"] = moe.sharedExpertFfn;
        if (moe.groups > 0)
            model["moe"]["groups"] = moe.groups;
        if (moe.groupTopK > 0)
            model["moe"]["group_top_k"] = moe.groupTopK;
    }
    if (s.model.isMla())
        model["mla"] = { { "q_lora_rank", s.model.mla.qLoraRank }, { "kv_lora_rank", s.model.mla.kvLoraRank },
            { "rope_head_dim", s.model.mla.ropeHeadDim }, { "v_head_dim", s.model.mla.vHeadDim } };
    json out = { { "name", localizedJson(s.name) }, { "description", localizedJson(s.description) } };
    out["hardware"] = hw;
    out["model"] = model;
    out["parallel"] = { { "dp", s.parallel.dp }, { "tp", s.parallel.tp }, { "pp", s.parallel.pp },
        { "ep", s.parallel.ep }, { "sp", s.parallel.sp }, { "zero_stage", s.parallel.zeroStage },
        { "virtual_stages", s.parallel.virtualStages }, { "schedule", std::string(name(s.parallel.schedule)) } };
    if (s.parallel.cp > 1)
        out["parallel"]["cp"] = s.parallel.cp;
    if (s.parallel.etp > 0)
        out["parallel"]["etp"] = s.parallel.etp;
    if (!s.parallel.chunkLayers.empty())
        out["parallel"]["chunk_layers"] = s.parallel.chunkLayers;
    out["batch"] = { { "micro_batch_size", s.batch.microBatchSize }, { "micro_batches", s.batch.microBatches },
        { "grad_accum", s.batch.gradAccum } };
    if (s.batch.globalBatch > 0)
        out["batch"]["global_batch"] = s.batch.globalBatch;
    out["comm"] = { { "bucket_MiB", s.comm.bucketMiB }, { "first_bucket_MiB", s.comm.firstBucketMiB },
        { "overlap", s.comm.overlap }, { "prefetch_depth", s.comm.prefetchDepth }, { "tp_overlap", s.comm.tpOverlap },
        { "overlap_param_gather", s.comm.overlapParamGather }, { "dtype", std::string(name(s.comm.dtype)) } };
    if (s.comm.gradDtype)
        out["comm"]["grad_dtype"] = std::string(name(*s.comm.gradDtype));
    if (s.comm.moeFlexDispatcher)
        out["comm"]["moe_flex_dispatcher"] = true;
    if (s.comm.moeEpOverlap)
        out["comm"]["moe_ep_overlap"] = true;
    out["compute"]
        = { { "precision", std::string(name(s.compute.precision)) }, { "flash_attention", s.compute.flashAttention },
              { "recompute", std::string(name(s.compute.recompute)) }, { "interference", s.compute.interference } };
    if (s.compute.efficiency > 0)
        out["compute"]["efficiency"] = s.compute.efficiency;
    if (s.compute.attentionKernel != AttentionKernel::Cudnn)
        out["compute"]["attention_kernel"] = std::string(name(s.compute.attentionKernel));
    if (s.compute.cudaGraphs != CudaGraphs::None)
        out["compute"]["cuda_graphs"] = std::string(name(s.compute.cudaGraphs));
    if (s.compute.elementwise != Elementwise::Fused)
        out["compute"]["elementwise"] = std::string(name(s.compute.elementwise));
    if (s.compute.norm)
        out["compute"]["norm"] = std::string(name(*s.compute.norm));
    if (s.compute.loss)
        out["compute"]["loss"] = std::string(name(*s.compute.loss));
    if (s.compute.fp8Scaling != Fp8Scaling::Fused)
        out["compute"]["fp8_scaling"] = std::string(name(s.compute.fp8Scaling));
    if (s.straggler.rank >= 0)
        out["straggler"] = { { "rank", s.straggler.rank }, { "slowdown_pct", s.straggler.slowdownPct } };
    return out;
}

std::string toJsonText(const Scenario& scenario)
{
    return io::dumpText(toJson(scenario), 2) + "\n";
}

Problems saveScenario(const Scenario& scenario, const std::string& path)
{
    if (const auto failure = io::writeFileAtomically(path, toJsonText(scenario)))
        return { Problem { path, {}, failure->rule(), {} } };
    return {};
}

Problems setField(json& doc, std::string_view dottedPath, std::string_view value)
{
    if (dottedPath.empty())
        return { Problem { "(path)", "", "must name a field such as comm.bucket_MiB", {} } };
    json* node = &doc;
    std::string walked;
    std::size_t begin = 0;
    while (true) {
        const auto dot = dottedPath.find('.', begin);
        const std::string key(dottedPath.substr(begin, dot == std::string_view::npos ? dottedPath.npos : dot - begin));
        if (key.empty())
            return { Problem { std::string(dottedPath), std::string(value), "has an empty path segment", {} } };
        if (node->is_null())
            *node = json::object();
        if (!node->is_object())
            return { Problem { walked.empty() ? "(document)" : walked, shownValue(*node),
                "is not an object, so it has no field " + key, {} } };
        walked += (walked.empty() ? "" : ".") + key;
        node = &(*node)[key];
        if (dot == std::string_view::npos)
            break;
        begin = dot + 1;
    }
    const std::string text(value);
    const auto asNumber = [&]() -> std::optional<json> {
        long long integer = 0;
        const auto* end = text.data() + text.size();
        if (auto [ptr, ec] = std::from_chars(text.data(), end, integer); ec == std::errc() && ptr == end)
            return json(integer);
        try {
            std::size_t used = 0;
            const double real = std::stod(text, &used);
            if (used == text.size())
                return json(real);
        } catch (const std::exception&) {
        }
        return std::nullopt;
    };
    const auto asBool = [&]() -> std::optional<json> {
        if (text == "true" || text == "on" || text == "yes")
            return json(true);
        if (text == "false" || text == "off" || text == "no")
            return json(false);
        return std::nullopt;
    };
    if (node->is_number()) {
        if (auto n = asNumber()) {
            *node = *n;
            return {};
        }
        return { Problem { walked, text, "must be a number", {} } };
    }
    if (node->is_boolean()) {
        if (auto b = asBool()) {
            *node = *b;
            return {};
        }
        return { Problem { walked, text, "must be true or false", {} } };
    }
    if (node->is_string()) {
        *node = text;
        return {};
    }
    if (auto n = asNumber())
        *node = *n;
    else if (auto b = asBool())
        *node = *b;
    else
        *node = text;
    return {};
}

} // namespace tutor::model
