// SPDX-License-Identifier: MIT
// DeepSeek-style models: multi-head latent attention, a dense prefix before the MoE layers, a shared expert and routed
// experts of their own width, and pipeline chunks of uneven layer counts (parallel.chunk_layers). Parameters, GEMM
// shapes, gradient buckets, memory per stage and the scenario file are each recounted here in closed form.
#include "model/sim/compute.h"
#include "model/sim/kernels.h"
#include "model/sim/layoutsearch.h"
#include "model/sim/memory.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "tests/common/problems.h"

#include <QtTest>
#include <nlohmann/json.hpp>

using namespace tutor::model;
using tutor::testing::mentions;

namespace {
// DeepSeek-V3 as its Hugging Face config.json gives it (deepseek-ai/DeepSeek-V3).
ModelShape deepSeekV3()
{
    ModelShape m;
    m.layers = 61;
    m.hidden = 7168;
    m.ffn = 18432;
    m.heads = 128;
    m.headDim = 128; // qk_nope_head_dim
    m.gatedMlp = true;
    m.seqLen = 4096;
    m.vocab = 129280;
    m.tiedEmbeddings = false;
    m.moe = { .experts = 256,
        .topK = 8,
        .firstDenseLayers = 3,
        .expertFfn = 2048,
        .sharedExpertFfn = 2048,
        .groups = 8, // n_group
        .groupTopK = 4 }; // topk_group
    m.mla = { .qLoraRank = 1536, .kvLoraRank = 512, .ropeHeadDim = 64, .vHeadDim = 128 };
    return m;
}

Scenario latentScenario()
{
    Scenario s;
    s.hardware.preset = "hgx-h100";
    s.hardware.nodes = 1;
    s.hardware.gpusPerNode = 8;
    s.model = deepSeekV3();
    s.model.layers = 8;
    s.model.hidden = 1024;
    s.model.ffn = 4096;
    s.model.heads = 16;
    s.model.vocab = 32000;
    s.model.moe.experts = 16;
    s.model.moe.expertFfn = 512;
    s.model.moe.sharedExpertFfn = 768;
    s.model.mla.qLoraRank = 384;
    s.model.mla.kvLoraRank = 256;
    s.parallel.dp = 4;
    s.parallel.tp = 2;
    s.parallel.ep = 4;
    s.batch.microBatches = 2;
    s.compute.cudaGraphs = CudaGraphs::FullIteration; // the kernels' own times: no host floor under the small layers
    return s;
}

} // namespace

class TestLatentMoe : public QObject {
    Q_OBJECT
private slots:
    // DeepSeek-V3's technical report (arXiv 2412.19437, §1) gives 671B total parameters for the main model; the count
    // here adds up every matrix from the config's widths.
    void deepSeekV3Parameters()
    {
        const auto m = deepSeekV3();
        const double h = 7168;
        const double attention = h * 1536 + 1536 * 128 * (128 + 64) // query down and up
            + h * (512 + 64) + 512 * 128 * (128 + 128) // key-value latent and RoPE key, then every head's key and value
            + 128 * 128 * h; // output projection
        QCOMPARE(attentionParams(m), attention);
        const double expert = 3 * h * 2048;
        QCOMPARE(expertParams(m), expert);
        QCOMPARE(sharedExpertParams(m), expert);
        QCOMPARE(layerParams(m, 2), attention + 3 * h * 18432);
        QCOMPARE(layerParams(m, 3), attention + 257 * expert + h * 256);
        QCOMPARE(activeLayerParams(m, 60), attention + 9 * expert + h * 256);
        QVERIFY2(std::abs(totalParams(m) / 671e9 - 1) < 0.005, qPrintable(QString::number(totalParams(m))));
        // The layout search's deepseek-v3 is this shape.
        const auto named = findModel("deepseek-v3", "model");
        QVERIFY(named);
        QVERIFY(*named == m);
        // Attention's FLOPs per token: QKᵀ over the 192-wide query heads, ·V over the 128-wide value heads.
        const double active = 3 * (attention + 3 * h * 18432) + 58 * (attention + 9 * expert + h * 256);
        double flops = 0;
        for (int l = 0; l < m.layers; ++l)
            flops += forwardFlopsPerToken(m, l);
        QCOMPARE(flops, 2 * active + 61 * 2.0 * 4096 * 128 * (192 + 128));
    }

    // first_dense_layers keeps the leading layers dense whatever every_n_layers says.
    void densePrefix()
    {
        auto m = deepSeekV3();
        for (int l = 0; l < m.layers; ++l)
            QCOMPARE(m.isMoeLayer(l), l >= 3);
        m.moe.everyNLayers = 2;
        for (int l = 0; l < m.layers; ++l)
            QCOMPARE(m.isMoeLayer(l), l >= 3 && l % 2 == 1);
    }

    // The attention block's GEMMs beside the TP collectives: the replicated down projections read the layer's input
    // whole on every rank; the output projection reads its tp share of the heads. Core attention runs 192-wide QKᵀ and
    // 128-wide ·V on the causal half.
    void latentAttentionKernels()
    {
        auto s = latentScenario();
        const auto hw = resolveHardware(s.hardware);
        QVERIFY(hw);
        const auto costs = kernelCosts(s, *hw);
        QVERIFY(costs);
        const double tokens = 4096, t = 2, peak = costs->peakFlops, eta = costs->gemmEfficiency;
        const double h = 1024, heads = 16;
        const auto& dense = costs->dense;
        QCOMPARE(dense.attentionForwardGemms.first,
            gemmSeconds(tokens, 384, h, *hw, peak, eta) + gemmSeconds(tokens, 256 + 64, h, *hw, peak, eta));
        QCOMPARE(dense.attentionForwardGemms.last, gemmSeconds(tokens, h, heads * 128 / t, *hw, peak, eta));
        const double flops = 2.0 * (heads / t) * tokens * tokens * (192 + 128) * 0.5;
        const double gap = hw->compute.kernelGapUs * 1e-6;
        // cuDNN's rate at 4k keys is 518 / 529 of its 8k figure (kernels.cpp, FlashAttention-3 paper's Figure 5).
        QCOMPARE(
            dense.coreAttentionForward, flops / (hw->peakFlops * hw->compute.cudnnAttention.forward * 518 / 529) + gap);
        // Without MLA the same heads read 128-wide keys: core attention is cheaper by 256 / 320.
        auto plain = s;
        plain.model.mla = {};
        const auto plainCosts = kernelCosts(plain, *hw);
        QVERIFY(plainCosts);
        QCOMPARE(plainCosts->dense.coreAttentionForward - gap, (dense.coreAttentionForward - gap) * 256 / 320);
    }

    // The shared expert runs on every token at the dense rate; routed experts at their own width.
    void sharedExpertKernels()
    {
        auto s = latentScenario();
        const auto hw = resolveHardware(s.hardware);
        const auto with = kernelCosts(s, *hw);
        auto none = s;
        none.model.moe.sharedExpertFfn = 0;
        const auto without = kernelCosts(none, *hw);
        QVERIFY(with && without);
        const double tokens = 4096, t = 2, h = 1024, f = 768, peak = with->peakFlops, eta = with->gemmEfficiency;
        // fc1 (gate and up) and fc2 forward, and the SwiGLU kernel: read gate and up, write the product.
        const double act = tokens * f / t;
        const Seconds forward = gemmSeconds(tokens, 2 * f / t, h, *hw, peak, eta)
            + gemmSeconds(tokens, h, f / t, *hw, peak, eta) + elementwiseSeconds(act * 3 * 2, *hw);
        QVERIFY(std::abs((with->moe.mlpForward - without->moe.mlpForward) / forward - 1) < 1e-9);
        QCOMPARE(with->dense.mlpForward, without->dense.mlpForward);
    }

    // Gradients: the routed experts reduce over the expert-data-parallel ranks (dp / ep = 1 here: none), the shared
    // expert with attention over all dp ranks.
    void sharedExpertGradientsOverDp()
    {
        auto s = latentScenario();
        s.parallel.tp = 1;
        s.parallel.dp = 8;
        s.parallel.ep = 8;
        s.model.moe.firstDenseLayers = 0;
        SimulateOptions options;
        options.labels = false;
        const auto with = simulateMetrics(s, options);
        auto none = s;
        none.model.moe.sharedExpertFfn = 0;
        const auto without = simulateMetrics(none, options);
        QVERIFY2(with && without, with ? "" : toText(with.problems()).c_str());
        // busBytes counts S · 2(n − 1)/n per AllReduce: nothing for a group of one rank.
        double busWith = 0, busWithout = 0;
        for (const auto& d : with->dimensions)
            busWith += d.lane == LaneKind::DpComm ? d.busBytes : 0;
        for (const auto& d : without->dimensions)
            busWithout += d.lane == LaneKind::DpComm ? d.busBytes : 0;
        const double gradBytes = 2; // bf16 on the wire
        const double shared = 8 * 3.0 * 1024 * 768 * gradBytes;
        QVERIFY2(std::abs((busWith - busWithout) / (shared * 2 * 7 / 8) - 1) < 1e-6,
            qPrintable(QString("%1 vs %2").arg(busWith - busWithout).arg(shared * 2 * 7 / 8)));
    }

    // chunk_layers sets each model chunk's layers: memory per stage sums its own chunks' layers, the file keeps the
    // list, and a list of the wrong length, sum or entry is named.
    void chunkLayers()
    {
        auto s = latentScenario();
        s.model.layers = 10;
        s.parallel.dp = 2;
        s.parallel.ep = 2;
        s.parallel.pp = 2;
        s.parallel.virtualStages = 2;
        s.parallel.schedule = PipelineSchedule::Interleaved;
        s.parallel.chunkLayers = { 1, 3, 2, 4 };
        s.batch.microBatches = 4;
        QVERIFY2(validate(s).empty(), toText(validate(s)).c_str());
        // Chunk c = vs · pp + stage: stage 0 holds chunks 0 and 2 (layers 0 and 4–5), stage 1 chunks 1 and 3.
        const int first[] = { 0, 1, 4, 6, 10 };
        for (int vs = 0; vs <= 4; ++vs)
            QCOMPARE(chunkFirstLayer(s.model, s.parallel, vs), first[vs]);
        const auto perGpu = [&](int layer) {
            const auto& m = s.model;
            if (!m.isMoeLayer(layer))
                return attentionParamsPerRank(m, 2) + mlpParams(m) / 2;
            return attentionParamsPerRank(m, 2)
                + (m.moe.experts / 2.0 * expertParams(m) + sharedExpertParams(m) + 1024.0 * m.moe.experts) / 2;
        };
        const double embedding = 1024.0 * 32000 / 2;
        QCOMPARE(paramsPerGpu(s, 0), perGpu(0) + perGpu(4) + perGpu(5) + embedding);
        QCOMPARE(paramsPerGpu(s, 1),
            perGpu(1) + perGpu(2) + perGpu(3) + perGpu(6) + perGpu(7) + perGpu(8) + perGpu(9) + embedding);
        // Interleaved warm-up (Megatron-Core): min(m·v, 2·(pp − stage − 1) + (v − 1)·pp) chunk passes, plus one.
        QCOMPARE(inFlightLayerPasses(s, 0), (4 + 1) * 3 / 2.0);
        QCOMPARE(inFlightLayerPasses(s, 1), (2 + 1) * 7 / 2.0);
        const auto back = scenarioFromJson(toJson(s));
        QVERIFY(back);
        QCOMPARE(back->parallel.chunkLayers, s.parallel.chunkLayers);
        QCOMPARE(*back, s);
        QVERIFY(simulate(s));

        auto shorter = s;
        shorter.parallel.chunkLayers = { 5, 5 };
        QVERIFY(mentions(validate(shorter), "parallel.chunk_layers", "one entry per model chunk"));
        auto wrongSum = s;
        wrongSum.parallel.chunkLayers = { 1, 3, 2, 3 };
        QVERIFY(mentions(validate(wrongSum), "parallel.chunk_layers", "must equal model.layers = 10"));
        auto negative = s;
        negative.parallel.chunkLayers = { 1, 3, 7, -1 };
        QVERIFY(mentions(validate(negative), "parallel.chunk_layers[3]", "at least 0"));
        // A chunk may hold no layer (Megatron-Core's pipeline layout "…|mL": the last holds the loss alone). Stage 1
        // then holds layers 1–3 and the output head, and its pipeline passes still run.
        auto empty = s;
        empty.parallel.chunkLayers = { 1, 3, 6, 0 };
        QVERIFY2(validate(empty).empty(), toText(validate(empty)).c_str());
        QCOMPARE(chunkFirstLayer(empty.model, empty.parallel, 3), 10);
        QCOMPARE(paramsPerGpu(empty, 1), perGpu(1) + perGpu(2) + perGpu(3) + embedding);
        QCOMPARE(inFlightLayerPasses(empty, 1), (2 + 1) * 3 / 2.0);
        const auto emptyRun = simulate(empty);
        QVERIFY(emptyRun);
        QVERIFY(emptyRun->metrics.stepSeconds > 0);
        // Without the list, 6 layers over 8 chunks give the embedding and the loss a chunk each.
        auto onePlaceEach = s;
        onePlaceEach.model.layers = 6;
        onePlaceEach.model.moe.firstDenseLayers = 1;
        onePlaceEach.parallel.chunkLayers.clear();
        onePlaceEach.parallel.virtualStages = 4;
        onePlaceEach.batch.microBatches = 2;
        QVERIFY2(validate(onePlaceEach).empty(), toText(validate(onePlaceEach)).c_str());
        const int onePlace[] = { 0, 0, 1, 2, 3, 4, 5, 6, 6 };
        for (int vs = 0; vs <= 8; ++vs)
            QCOMPARE(chunkFirstLayer(onePlaceEach.model, onePlaceEach.parallel, vs), onePlace[vs]);
        QVERIFY(simulate(onePlaceEach));
        // Without the list, 9 layers do not split over 4 chunks (neither 9 nor 11 is a multiple of 4).
        auto unsplit = s;
        unsplit.model.layers = 9;
        unsplit.parallel.chunkLayers.clear();
        QVERIFY(mentions(validate(unsplit), "parallel.pp·virtual_stages", "must divide model.layers"));
    }

    // The scenario file: new keys round-trip, a bad entry is named with its index, MLA needs its latent width.
    void scenarioFile()
    {
        const auto s = latentScenario();
        const auto json = toJson(s);
        QCOMPARE(json["model"]["mla"]["kv_lora_rank"].get<int>(), 256);
        QCOMPARE(json["model"]["moe"]["first_dense_layers"].get<int>(), 3);
        QCOMPARE(json["model"]["moe"]["shared_expert_ffn"].get<int>(), 768);
        const auto back = scenarioFromJson(json);
        QVERIFY(back);
        QCOMPARE(*back, s);

        auto bad = json;
        bad["parallel"]["chunk_layers"] = { 4, "four" };
        const auto badList = scenarioFromJson(bad);
        QVERIFY(!badList);
        QVERIFY(mentions(badList.problems(), "parallel.chunk_layers[1]", "must be an integer"));
        auto noLatent = json;
        noLatent["model"]["mla"].erase("kv_lora_rank");
        const auto missing = scenarioFromJson(noLatent);
        QVERIFY(!missing);
        QVERIFY(mentions(missing.problems(), "model.mla.kv_lora_rank", "is required"));
        auto gqa = s;
        gqa.model.kvHeads = 4;
        QVERIFY(mentions(validate(gqa), "model.kv_heads", "multi-head latent attention"));
        auto oddExpert = s; // tp 2
        oddExpert.model.moe.sharedExpertFfn = 767;
        QVERIFY(mentions(validate(oddExpert), "parallel.tp", "model.moe.shared_expert_ffn"));
        auto allDense = s;
        allDense.model.moe.firstDenseLayers = 8;
        QVERIFY(mentions(validate(allDense), "model.moe.first_dense_layers", "must be less than model.layers = 8"));
    }
};

QTEST_GUILESS_MAIN(TestLatentMoe)
#include "tst_latentmoe.moc"
