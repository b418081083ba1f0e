// SPDX-License-Identifier: MIT
#pragma once
// HolisticTraceAnalysis' comm/compute overlap recomputed from a trace's raw events, for tests that check the
// trace export (the simulator's Kineto files) and the Trace lab (public traces) against it. Written after HTA's own
// pandas code, independently of the library's interval arithmetic.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

namespace tutor::test {

struct Figures {
    double comm = 0; ///< µs
    double compute = 0;
    double overlap = 0;
    int commKernels = 0;
};

/// HTA's get_comm_comp_overlap, as its pandas code computes it: +1/−1 at communication starts/ends, +2/−2 at
/// computation starts/ends over the merged intervals; time where the running status is 3 is overlap. Kernel types
/// by HTA's regular expressions (hta/common/types.py). Independent of the library's interval merge/intersect.
inline Figures htaSweep(const nlohmann::json& doc)
{
    std::vector<std::pair<double, double>> comm, comp;
    for (const auto& e : doc["traceEvents"]) {
        if (!e.is_object() || e.value("ph", "") != "X")
            continue;
        std::string cat = e.value("cat", "");
        std::transform(cat.begin(), cat.end(), cat.begin(), ::tolower);
        if (!(cat.ends_with("kernel") || cat.starts_with("gpu_mem")))
            continue;
        const std::string name = e.value("name", "");
        const std::pair<double, double> span { e["ts"].get<double>(), e["ts"].get<double>() + e["dur"].get<double>() };
        const bool isComm = name.starts_with("nccl") || name.starts_with("hccl")
            || name.find("ncclKernel") != std::string::npos || name.find("ncclDevKernel") != std::string::npos;
        const bool notCompute = isComm || name.find("Memcpy") != std::string::npos
            || name.find("Memset") != std::string::npos || name.starts_with("dma") || name.ends_with("Sync")
            || name.starts_with("Stream Wait Event") || cat.starts_with("gpu_mem");
        if (isComm)
            comm.push_back(span);
        else if (!notCompute)
            comp.push_back(span);
    }
    Figures f;
    f.commKernels = static_cast<int>(comm.size());
    const auto mergeSpans = [](std::vector<std::pair<double, double>> v) {
        std::sort(v.begin(), v.end());
        std::vector<std::pair<double, double>> out;
        for (const auto& s : v)
            if (!out.empty() && s.first <= out.back().second)
                out.back().second = std::max(out.back().second, s.second);
            else
                out.push_back(s);
        return out;
    };
    comm = mergeSpans(comm);
    comp = mergeSpans(comp);
    std::vector<std::pair<double, int>> status;
    for (const auto& [b, e] : comm) {
        status.push_back({ b, 1 });
        status.push_back({ e, -1 });
        f.comm += e - b;
    }
    for (const auto& [b, e] : comp) {
        status.push_back({ b, 2 });
        status.push_back({ e, -2 });
        f.compute += e - b;
    }
    std::sort(status.begin(), status.end());
    int running = 0;
    for (std::size_t i = 0; i + 1 < status.size(); ++i) {
        running += status[i].second;
        if (running == 3)
            f.overlap += status[i + 1].first - status[i].first;
    }
    return f;
}

} // namespace tutor::test
