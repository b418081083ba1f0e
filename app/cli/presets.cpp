// SPDX-License-Identifier: MIT
// `commtutor-cli presets`: the hardware presets with their figures and sources.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "model/collectives/hardware.h"
#include "model/io/jsonsafe.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace tutor::app::cli {

namespace {
using namespace tutor::model;

void printPresetsUsage(std::ostream& out)
{
    out << "usage: commtutor-cli presets [--json] [--help]\n"
           "Lists the hardware presets: GPUs per node, links (α per hop, achievable β and line rate per GPU\n"
           "and direction), NICs, NVLS, peak bf16 FLOP/s, memory, and where each figure comes from.\n";
}

nlohmann::json linkJson(const Link& l)
{
    return { { "kind", std::string(name(l.kind)) }, { "alpha_us", l.alphaSeconds * 1e6 },
        { "bandwidth_GBps", l.bandwidthGBps }, { "line_rate_GBps", l.lineRateGBps }, { "source", l.source } };
}

std::string linkLine(const Link& l)
{
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s, α %.2f µs, β %.3g GB/s of %.3g GB/s line rate (%.0f %%)",
        std::string(name(l.kind)).c_str(), l.alphaSeconds * 1e6, l.bandwidthGBps, l.lineRateGBps,
        l.lineRateGBps > 0 ? 100.0 * l.bandwidthGBps / l.lineRateGBps : 0.0);
    return buf;
}
} // namespace

int runPresets(Args args, std::ostream& out, std::ostream& err)
{
    const CommandLine cl(args, {}, { "--json", "--help", "-h" });
    if (!cl.ok() || !cl.positionals().empty()) {
        err << "commtutor-cli presets: "
            << (cl.ok() ? "unexpected argument '" + cl.positionals().front() + "'" : cl.error()) << "\n\n";
        printPresetsUsage(err);
        return 2;
    }
    if (cl.has("--help") || cl.has("-h")) {
        printPresetsUsage(out);
        return 0;
    }
    if (cl.has("--json")) {
        auto all = nlohmann::json::array();
        for (const auto& p : presets())
            all.push_back({ { "id", p.id }, { "name", p.name }, { "gpus_per_node", p.gpusPerNode },
                { "intra", linkJson(p.intra) }, { "inter", linkJson(p.inter) }, { "nics_per_node", p.nicsPerNode },
                { "nvls", p.nvls }, { "peak_flops", p.peakFlops }, { "memory_bytes", p.memoryBytes },
                { "reduce_GBps", p.reduceGBps },
                { "nccl",
                    { { "launch_us", p.nccl.launchUs }, { "low_latency_per_gpu_us", p.nccl.lowLatencyPerGpuUs },
                        { "net_concurrent_share", p.nccl.netConcurrentShare }, { "net_ll_step_us", p.nccl.netLlStepUs },
                        { "net_ll_step_bytes", p.nccl.netLlStepBytes }, { "net_tree_chunk_us", p.nccl.netTreeChunkUs },
                        { "nvls_tree_share", p.nccl.nvlsTreeShare } } },
                { "source", p.source } });
        out << io::dumpText(all, 2) << '\n';
        return 0;
    }
    // What each NIC keeps of β while all of a node's NICs stream (NcclFigures::netConcurrentShare), when below 1.
    const auto shareText = [](double share) {
        char text[128] = "";
        if (share < 1)
            std::snprintf(text, sizeof text,
                ", each at %.2f of it in NCCL's rings and trees while all of the node's stream", share);
        return std::string(text);
    };
    // What an NCCL call costs beyond NCCL's own tuner on this machine (NcclFigures::launchUs, lowLatencyPerGpuUs).
    const auto callText = [](const NcclFigures& n) {
        char launch[80] = "", perGpu[120] = "";
        if (n.launchUs > 0)
            std::snprintf(launch, sizeof launch, "launch %.2f µs", n.launchUs);
        else if (n.lowLatencyPerGpuUs > 0)
            std::snprintf(launch, sizeof launch, "no launch cost beyond NCCL's own latencies");
        if (n.lowLatencyPerGpuUs > 0)
            std::snprintf(perGpu, sizeof perGpu,
                "; on one node an LL or LL128 call adds %.2f µs per GPU beyond the first", n.lowLatencyPerGpuUs);
        std::string text = *launch ? "  NCCL call: " + std::string(launch) + perGpu + "\n" : std::string();
        if (n.netLlStepUs > 0) {
            char across[160];
            std::snprintf(across, sizeof across,
                "  across nodes an LL call of %s or more adds %.1f µs per network step\n",
                formatBytes(static_cast<Bytes>(n.netLlStepBytes)).c_str(), n.netLlStepUs);
            text += across;
        }
        if (n.netTreeChunkUs > 0) {
            char chunks[160];
            std::snprintf(chunks, sizeof chunks,
                "  across nodes a Simple tree AllReduce adds %.1f µs per chunk per network step\n", n.netTreeChunkUs);
            text += chunks;
        }
        if (n.nvlsTreeShare < 1) {
            char share[160];
            std::snprintf(share, sizeof share,
                "  across nodes NVLSTree's NVLS stage keeps %.2f of its one-node rate while the NICs stream\n",
                n.nvlsTreeShare);
            text += share;
        }
        return text;
    };
    for (const auto& p : presets()) {
        char figures[200];
        std::snprintf(figures, sizeof figures,
            "%d GPUs/node, %d NICs/node, NVLS %s, %.4g TFLOP/s bf16, %s, γ %.4g GB/s", p.gpusPerNode, p.nicsPerNode,
            p.nvls ? "yes" : "no", p.peakFlops / 1e12, formatBytes(p.memoryBytes).c_str(), p.reduceGBps);
        out << p.id << " — " << p.name << "\n"
            << "  " << figures << "\n"
            << "  intra: " << linkLine(p.intra) << "\n"
            << "         source: " << p.intra.source << "\n"
            << "  inter: " << linkLine(p.inter) << " per NIC" << shareText(p.nccl.netConcurrentShare) << "\n"
            << "         source: " << p.inter.source << "\n"
            << callText(p.nccl) << "  source: " << p.source << "\n\n";
    }
    return 0;
}

} // namespace tutor::app::cli
