// SPDX-License-Identifier: MIT
// `commtutor-cli predict`: the cost model's predictions in the layout of nccl-tests' output.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "model/collectives/costmodel.h"
#include "model/collectives/nccltuning.h"
#include "model/io/jsonsafe.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace tutor::app::cli {

namespace {
using namespace tutor::model;

constexpr std::size_t kMaxRows = 100'000;

void printPredictUsage(std::ostream& out)
{
    out << "usage: commtutor-cli predict [options]\n"
           "Predicts a collective's time, algbw and busbw per message size, in nccl-tests' layout.\n\n"
           "  --op NAME            allreduce (default), reducescatter, allgather, broadcast, reduce,\n"
           "                       alltoall, sendrecv, gather, scatter (nccl-tests names work too)\n"
           "  --preset ID          hardware preset (default hgx-h100; see `commtutor-cli presets`)\n"
           "  --ranks N            number of GPUs (default: one node of the preset); fills whole nodes\n"
           "  --nodes N            number of nodes\n"
           "  --gpus-per-node N    GPUs per node (default: the preset's)\n"
           "  -b, --minbytes SIZE  smallest size (default 32M); K/M/G = 2^10/2^20/2^30\n"
           "  -e, --maxbytes SIZE  largest size (default 32M)\n"
           "  -f, --stepfactor F   multiply the size by F each row (default 2)\n"
           "  -i, --stepbytes SIZE add SIZE each row instead of multiplying\n"
           "  --algo NAME          auto (default), ring, tree, rabenseifner, recursive-doubling, binomial,\n"
           "                       pairwise, nvls, nvlstree, collnet, hierarchical\n"
           "  --proto NAME         auto (default), LL, LL128, Simple\n"
           "  --alpha-us X         per-hop latency α in µs of both the intra- and the inter-node link\n"
           "                       (replaces the preset's; 0 also drops the protocol's base latency)\n"
           "  --bw-GBps X          β in GB/s of both the intra-node link (per GPU) and the inter-node link\n"
           "                       (per NIC); the preset's line rates stay\n"
           "  --intra-alpha-us X   α in µs of the intra-node link only (after --alpha-us)\n"
           "  --intra-bw-GBps X    β in GB/s of the intra-node link only (after --bw-GBps)\n"
           "  --inter-alpha-us X   α in µs of the inter-node link only (after --alpha-us)\n"
           "  --inter-bw-GBps X    β in GB/s of one NIC only (after --bw-GBps)\n"
           "  --nics N             NICs per node (1 to 1024)\n"
           "  --fabric NAME        network kind: ib, roce, efa, ethernet\n"
           "  --sharp              in-network reduction between nodes (SHARP / NCCL CollNet) is available\n"
           "  -d, --dtype NAME     float (default), half, bfloat16, double, int8, ...\n"
           "  -r, --root N         root rank of Broadcast, Reduce, Gather, Scatter (default 0)\n"
           "  --json               one JSON object per row instead of the table\n"
           "  -h, --help           this text\n\n"
           "S follows nccl-tests: the whole array for ReduceScatter, AllGather, AllToAll, Gather, Scatter.\n"
           "Exit status: 0 success, 1 invalid values, 2 wrong arguments.\n";
}

int usageError(std::ostream& err, const std::string& message)
{
    err << "commtutor-cli predict: " << message << "\n\n";
    printPredictUsage(err);
    return 2;
}

std::optional<long long> parseInt(const std::string& text)
{
    long long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc {} || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

std::optional<double> parseReal(const std::string& text)
{
    if (text == "nan" || text == "NaN")
        return std::nan("");
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc {} || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

std::string fixed(double v, int decimals)
{
    if (!std::isfinite(v))
        v = 0; // never print nan/inf; the model does not produce them, this is a last guard
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string pad(const std::string& s, std::size_t width)
{
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

struct Options {
    Collective op = Collective::AllReduce;
    Topology topology;
    std::string presetId;
    Bytes minBytes = 32 * MiB;
    Bytes maxBytes = 32 * MiB;
    double factor = 2;
    Bytes increment = 0;
    Algorithm algorithm = Algorithm::Auto;
    Protocol protocol = Protocol::Auto;
    DType dtype = DType::Fp32;
    int root = 0;
    bool json = false;
};

/// Reads the options; returns 0 when usable, 1 with problems printed, 2 with usage printed.
int readOptions(const CommandLine& cl, Options& o, std::ostream& err)
{
    Problems problems;
    auto intOf = [&](const std::string& flag, long long& out) {
        if (auto v = cl.value(flag)) {
            auto n = parseInt(*v);
            if (!n)
                return false;
            out = *n;
        }
        return true;
    };
    auto bytesOf = [&](const std::string& a, const std::string& b, Bytes& out) {
        auto v = cl.value(a);
        if (!v)
            v = cl.value(b);
        if (v) {
            auto n = parseBytes(*v);
            if (!n)
                return false;
            out = *n;
        }
        return true;
    };
    if (auto v = cl.value("--op")) {
        if (auto op = parseCollective(*v))
            o.op = *op;
        else
            problems.push_back({ "op", *v, "unknown collective (" + collectiveNames() + ")" });
    }
    o.presetId = cl.value("--preset").value_or("hgx-h100");
    TopologySpec spec;
    spec.preset = o.presetId;
    spec.nodesHoldAtMostPreset = true;
    long long root = 0;
    for (auto [flag, field] : { std::pair { "--ranks", &spec.ranks }, std::pair { "--nodes", &spec.nodes },
             std::pair { "--gpus-per-node", &spec.gpusPerNode } }) {
        long long v = 0;
        if (!intOf(flag, v))
            return usageError(err, "--ranks, --nodes and --gpus-per-node take whole numbers");
        if (cl.value(flag))
            *field = v;
    }
    if (!intOf("--root", root) || !intOf("-r", root))
        return usageError(err, "--root takes a whole number");
    if (!bytesOf("-b", "--minbytes", o.minBytes) || !bytesOf("-e", "--maxbytes", o.maxBytes)
        || !bytesOf("-i", "--stepbytes", o.increment))
        return usageError(err, "-b, -e and -i take sizes such as 8, 64K, 8M, 1G");
    if (auto v = cl.value("-f") ? cl.value("-f") : cl.value("--stepfactor")) {
        auto f = parseReal(*v);
        if (!f)
            return usageError(err, "-f takes a number");
        o.factor = *f;
    }
    for (auto [flag, field] :
        { std::pair { "--alpha-us", &spec.alphaMicroseconds }, std::pair { "--bw-GBps", &spec.bandwidthGBps },
            std::pair { "--intra-alpha-us", &spec.intraAlphaMicroseconds },
            std::pair { "--intra-bw-GBps", &spec.intraBandwidthGBps },
            std::pair { "--inter-alpha-us", &spec.interAlphaMicroseconds },
            std::pair { "--inter-bw-GBps", &spec.interBandwidthGBps } }) {
        if (auto v = cl.value(flag)) {
            *field = parseReal(*v);
            if (!*field)
                return usageError(err, std::string(flag) + " takes a number");
        }
    }
    if (cl.value("--nics")) {
        long long nics = 0;
        if (!intOf("--nics", nics))
            return usageError(err, "--nics takes a whole number");
        spec.nicsPerNode = nics;
    }
    if (auto v = cl.value("--fabric"))
        spec.fabric = *v;
    if (cl.has("--sharp"))
        spec.sharp = true;
    if (auto v = cl.value("--algo")) {
        if (auto a = parseAlgorithm(*v))
            o.algorithm = *a;
        else
            problems.push_back({ "algorithm", *v, "unknown algorithm (" + algorithmNames() + ")" });
    }
    if (auto v = cl.value("--proto")) {
        if (auto p = parseProtocol(*v))
            o.protocol = *p;
        else
            problems.push_back({ "protocol", *v, "unknown protocol (auto, LL, LL128, Simple)" });
    }
    if (auto v = cl.value("--dtype") ? cl.value("--dtype") : cl.value("-d")) {
        if (auto d = parseDType(*v))
            o.dtype = *d;
        else
            problems.push_back({ "dtype", *v, "unknown type (float, half, bfloat16, double, int8, ...)" });
    }
    o.json = cl.has("--json");
    o.root = static_cast<int>(std::clamp<long long>(root, -1, 1 << 30));
    if (root != o.root)
        problems.push_back({ "root", std::to_string(root), "must be a rank" });
    if (o.minBytes < 1)
        problems.push_back({ "minbytes", std::to_string(o.minBytes), "must be at least 1" });
    if (o.minBytes > o.maxBytes)
        problems.push_back(
            { "minbytes", std::to_string(o.minBytes), "must not exceed maxbytes = " + std::to_string(o.maxBytes) });
    if (o.increment <= 0 && !(o.factor > 1 && std::isfinite(o.factor)) && o.minBytes != o.maxBytes)
        problems.push_back({ "stepfactor", fixed(o.factor, 2), "must be greater than 1 (or give -i)" });
    if (auto topology = buildTopology(spec))
        o.topology = *topology;
    else
        problems.insert(problems.end(), topology.problems().begin(), topology.problems().end());
    if (!problems.empty()) {
        err << toText(problems) << '\n';
        return 1;
    }
    return 0;
}

std::vector<Bytes> sizes(const Options& o)
{
    std::vector<Bytes> out;
    for (Bytes s = o.minBytes; s <= o.maxBytes && out.size() < kMaxRows;) {
        out.push_back(s);
        Bytes next = o.increment > 0 ? s + o.increment : static_cast<Bytes>(std::llround(s * o.factor));
        if (next <= s)
            break;
        s = next;
    }
    return out;
}

void printHeader(const Options& o, std::ostream& out)
{
    const auto& t = o.topology;
    char line[512];
    out << "# commtutor-cli predict: " << name(o.op) << " on " << t.ranks() << " ranks (" << t.nodes
        << (t.nodes == 1 ? " node" : " nodes") << " × " << t.gpusPerNode << " GPUs), preset " << o.presetId << "\n";
    std::snprintf(line, sizeof line,
        "#  intra: %s α %.2f µs β %.3g GB/s | inter: %s α %.2f µs β %.3g GB/s per NIC, %d NICs/node\n",
        std::string(name(t.intra.kind)).c_str(), t.intra.alphaSeconds * 1e6, t.intra.bandwidthGBps,
        std::string(name(t.inter.kind)).c_str(), t.inter.alphaSeconds * 1e6, t.inter.bandwidthGBps, t.nicsPerNode);
    out << line;
    if (const double node = ncclNodeNetGBps(t); t.nodes > 1 && node < t.interBandwidthPerNodeGBps()) {
        std::snprintf(line, sizeof line,
            "#  each NIC at %.2f of β in NCCL's rings and trees while all of a node's NICs stream: %.4g GB/s per "
            "node\n",
            t.nccl.netConcurrentShare, node);
        out << line;
    }
    out << "#  algorithm " << name(o.algorithm) << ", protocol " << name(o.protocol)
        << " (auto: the cheapest of NCCL's own algorithms, as its tuner); times are model predictions, not "
           "measurements\n#\n";
    out << "#" << pad("size", 11) << pad("count", 13) << pad("type", 10) << pad("redop", 8) << pad("root", 7)
        << pad("time(us)", 13) << pad("algbw(GB/s)", 13) << pad("busbw(GB/s)", 13) << "  algorithm/protocol\n";
}
} // namespace

int runPredict(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args,
        { "--op", "--preset", "--ranks", "--nodes", "--gpus-per-node", "-b", "--minbytes", "-e", "--maxbytes", "-f",
            "--stepfactor", "-i", "--stepbytes", "--algo", "--proto", "--alpha-us", "--bw-GBps", "-d", "--dtype", "-r",
            "--root", "--intra-alpha-us", "--intra-bw-GBps", "--inter-alpha-us", "--inter-bw-GBps", "--nics",
            "--fabric" },
        { "--json", "--help", "-h", "--sharp" });
    if (!cl.ok())
        return usageError(err, cl.error());
    if (cl.has("--help") || cl.has("-h")) {
        printPredictUsage(out);
        return 0;
    }
    if (!cl.positionals().empty())
        return usageError(err, "unexpected argument '" + cl.positionals().front() + "'");
    Options o;
    if (const int rc = readOptions(cl, o, err); rc != 0)
        return rc;

    const auto& tr = traits(o.op);
    const int typeSize = sizeOf(o.dtype);
    // Predict every row first: invalid values print only the problems, never a half table.
    struct Row {
        Bytes count = 0;
        CollectiveCost cost;
    };
    std::vector<Row> rows;
    for (const Bytes size : sizes(o)) {
        const Bytes count = std::max<Bytes>(1, size / typeSize);
        CollectiveRequest request;
        request.op = o.op;
        request.bytes = count * typeSize;
        request.dtype = o.dtype;
        request.topology = o.topology;
        request.algorithm = o.algorithm;
        request.protocol = o.protocol;
        request.root = o.root;
        request.explain = o.json; // the table shows no formulas
        auto cost = predict(request);
        if (!cost) {
            err << toText(cost.problems()) << '\n';
            return 1;
        }
        rows.push_back({ count, std::move(cost).value() });
    }
    if (!o.json)
        printHeader(o, out);
    double busSum = 0;
    const int root = tr.rooted ? o.root : -1;
    const std::string redop = tr.reduces ? "sum" : "none";
    for (const auto& [count, c] : rows) {
        if (o.json) {
            const nlohmann::json row {
                { "op", std::string(tr.cliName) },
                { "size", c.bytes },
                { "count", count },
                { "type", std::string(name(o.dtype)) },
                { "redop", redop },
                { "root", root },
                { "ranks", c.ranks },
                { "nodes", o.topology.nodes },
                { "gpus_per_node", o.topology.gpusPerNode },
                { "time_us", c.totalSeconds * 1e6 },
                { "algbw_GBps", c.algBwGBps },
                { "busbw_GBps", c.busBwGBps },
                { "latency_us", c.latencySeconds * 1e6 },
                { "bandwidth_us", c.bandwidthSeconds * 1e6 },
                { "reduce_us", c.reduceSeconds * 1e6 },
                { "steps", c.steps },
                { "bytes_sent_per_rank", c.bytesSentPerRank },
                { "algorithm", std::string(name(c.algorithm)) },
                { "protocol", std::string(name(c.protocol)) },
                { "origin", std::string(originLabel(originOf(c.algorithm))) },
                { "reason", c.reason },
                { "formula", c.formula },
            };
            out << io::dumpText(row) << '\n';
        } else {
            out << ' ' << pad(std::to_string(c.bytes), 11) << pad(std::to_string(count), 13)
                << pad(std::string(name(o.dtype)), 10) << pad(redop, 8) << pad(std::to_string(root), 7)
                << pad(fixed(c.totalSeconds * 1e6, 2), 13) << pad(fixed(c.algBwGBps, 2), 13)
                << pad(fixed(c.busBwGBps, 2), 13) << "  " << name(c.algorithm) << '/' << name(c.protocol)
                << (originOf(c.algorithm) == Origin::Textbook ? " (" + std::string(originLabel(Origin::Textbook)) + ")"
                                                              : "")
                << '\n';
        }
        busSum += c.busBwGBps;
    }
    if (!o.json && !rows.empty())
        out << "# Avg bus bandwidth    : " << fixed(busSum / static_cast<double>(rows.size()), 2) << "\n#\n";
    return 0;
}

} // namespace tutor::app::cli
