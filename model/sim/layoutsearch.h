// SPDX-License-Identifier: MIT
#pragma once
// Which parallel layout for this model on these GPUs? Enumerates DP × TP × PP × virtual stages × EP × ZeRO
// stage × recomputation × micro-batch size for a model, a GPU count and a global batch, drops the layouts that
// break Megatron-LM's rules or do not fit in memory (saying why), simulates the rest (simulateMetrics, the
// metrics-only path) and ranks them by step time.
// Rules of the enumeration (Megatron-LM / Megatron-Core practice):
//   tp divides the GPUs per node (TP stays on NVLink) and the heads (and the KV heads); sequence parallelism is
//   on whenever tp > 1; pp (· v) splits the layers (splitsLayers: evenly, or Megatron-Core's split with the
//   embedding and the loss counted as layers); dp = GPUs / (tp · pp · cp); MoE: experts split as
//   Megatron-Core's parallel folding allows, expert TP etp = tp (the default) or 1 (experts whole, under TP) and ep
//   dividing the experts and tp · cp · dp / etp;
//   ZeRO-3 only without pipeline stages; virtual stages 1, 2, 4 (interleaved 1F1B, needing micro-batches a
//   multiple of pp); every recomputation policy (none, Megatron's selective, torchtitan's op-level selective,
//   full); micro-batch size 1, 2, 4, 8 dividing global_batch / dp.
#include "model/sim/metrics.h"
#include "model/sim/scenario.h"

#include <atomic>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tutor::model {

/// Well-known models by name ("gpt3-175b", "llama3-70b", …), with their published shapes.
struct NamedModel {
    std::string_view id;
    std::string_view description; ///< "GPT-3 175B (Brown et al. 2020)"
    ModelShape shape;
};
std::span<const NamedModel> namedModels();
/// The model with this id or alias, or a problem naming `field` and listing the known ids.
Result<ModelShape> findModel(std::string_view id, const std::string& field = "model");

struct SearchRequest {
    Scenario base; ///< model, hardware preset, comm and compute settings; its parallel and batch are replaced
    int gpus = 8;
    long long globalBatch = 0; ///< sequences per step; 0: 2 · gpus
    int threads = 0; ///< 0: every core
};

struct LayoutResult {
    Scenario scenario;
    StepMetrics metrics;
    bool fits = true;
    std::string rejected; ///< why the layout was dropped (memory or a rule); empty when it was simulated
};

struct SearchResult {
    std::vector<LayoutResult> ranked; ///< simulated layouts, fastest step first
    std::vector<LayoutResult> rejected; ///< layouts dropped before simulation, each with its reason
    int enumerated = 0;
    bool cancelled = false;
};

/// Problems with the request (GPUs not a multiple of the node size, global batch < 1, …).
Problems validate(const SearchRequest& request);

/// Every candidate layout of the request (not yet checked against memory).
std::vector<Scenario> enumerateLayouts(const SearchRequest& request);

/// Runs the search on `threads` threads. `progress(done, total, result)` is called from worker threads, one at a
/// time, as each layout finishes (`result` is that layout's); setting `cancel` stops the search early (the result
/// then holds what was simulated, `cancelled` true).
using SearchProgress = std::function<void(int done, int total, const LayoutResult& result)>;
Result<SearchResult> searchLayouts(
    const SearchRequest& request, const SearchProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

/// Indices of the layouts on the Pareto front of (step time, memory per GPU): none is both faster and smaller, in
/// ascending memory. Layouts with a rejection are ignored.
std::vector<std::size_t> paretoFront(const std::vector<LayoutResult>& layouts);

} // namespace tutor::model
