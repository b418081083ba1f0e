// SPDX-License-Identifier: MIT
#pragma once
// The step simulator against published training runs (tests/data/validation/steps.json): every row is a
// scenario with a published throughput or iteration time and its source. `commtutor-cli validate-model --steps`
// prints the per-row error and the mean / worst error per split; steps-README.md describes the data.
//
// A row's measurement is turned into seconds per optimizer step by the row's own definition:
//   iteration_s            as given;
//   tokens_per_s_per_gpu   global_batch · seq_len / (rate · GPUs);
//   tflops_per_gpu         the source's FLOPs per step / (rate · GPUs), with "megatron-2021" (Narayanan et al.
//                          2021 eq. 3, recomputation included: 96·B·s·l·h²·(1 + s/6h + V/16lh)) or model FLOPs
//                          (compute.h: 3 × forward, no recomputation);
//   mfu                    model FLOPs per step / (mfu · the GPU's dense peak · GPUs).
// The fit/held-out split is validation.h's: a row is held out when the FNV-1a hash of its id is odd.
#include "model/collectives/problem.h"
#include "model/measure/validation.h"
#include "model/sim/scenario.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tutor::model {

/// How the report names what a run captures in CUDA graphs: "none", "per-layer scopes", "whole iteration".
std::string_view graphsLabel(CudaGraphs graphs);

struct StepRow {
    std::string id;
    std::string source; ///< URL
    std::string where; ///< "Table 1, 145.6B"
    std::string software;
    int year = 0;
    std::string gpu;
    Scenario scenario;
    double measuredSeconds = 0; ///< seconds per optimizer step, from the row's measurement
    std::string measuredFrom; ///< which measurement gave it: "iteration_s", "tokens_per_s_per_gpu", …
    std::string skipped; ///< why the row cannot be simulated (a rule its layout breaks); empty when it can
    /// Peak memory per GPU the run reports (measured.memory_gib; torchtitan's is PyTorch's max reserved memory), in
    /// bytes; 0 when the source gives none.
    double measuredMemoryBytes = 0;
    /// Why the row's GPUs are not the preset's (a power cap, another memory), from "off_preset": such a row is
    /// validated like any other but sets none of the preset's fitted efficiencies. Empty when they are the preset's.
    std::string offPreset;
    /// What the published run captured in CUDA graphs, from the row's "cuda_graphs": "none", "full_iteration" (the
    /// whole forward and backward), or Transformer Engine's per-layer scopes joined by "+"
    /// ("attn+moe_router+moe_preprocess"); the scenario's compute.cuda_graphs follows it. Empty when not stated.
    std::optional<CudaGraphs> graphs;
};

/// Reads steps.json; rows that cannot be simulated are kept with `skipped` set. Problems name the row and field.
Result<std::vector<StepRow>> loadStepRows(const std::string& path);

struct StepComparison {
    std::string id;
    int gpus = 0;
    bool heldOut = false;
    double measuredSeconds = 0;
    double predictedSeconds = 0;
    double error = 0; ///< predicted / measured − 1
    double mfu = 0; ///< the simulated MFU
    /// Where the predicted step goes on its critical stage: busy compute, communication no compute hides, and the
    /// rest (pipeline bubble, waits): computeSeconds + exposedCommSeconds + idleSeconds() = predictedSeconds.
    double computeSeconds = 0;
    double exposedCommSeconds = 0;
    double idleSeconds() const { return std::max(0.0, predictedSeconds - computeSeconds - exposedCommSeconds); }
    bool moe = false; ///< the model has MoE layers
    std::optional<CudaGraphs> graphs; ///< StepRow::graphs
    double measuredMemoryBytes = 0; ///< StepRow::measuredMemoryBytes; 0: not published
    double predictedMemoryBytes = 0; ///< the simulated peak memory per GPU
    std::string problem; ///< the simulation's problem when it failed (then no error)
};

struct StepSummary {
    int rows = 0;
    double meanAbs = 0; ///< mean |error|
    double worstAbs = 0;
    double signedMean = 0;
};

struct StepReport {
    std::vector<StepComparison> rows; ///< rows of the chosen split
    std::vector<std::pair<std::string, std::string>> skippedRows; ///< id and why it cannot be simulated
    StepSummary summary;
    /// Peak memory per GPU, predicted / measured − 1, over the rows that publish it (nothing is fitted on it).
    StepSummary memory;
    int skipped = 0; ///< rows that cannot be simulated
    int failed = 0; ///< rows whose simulation failed
};

bool isHeldOut(const StepRow& row);

/// A compute figure fitted on the fit rows: the one value that minimises their mean |error| (golden-section search).
/// Gemm: the large-GEMM efficiency of one GPU generation at one precision, on its dense rows, the scenario's
/// compute.efficiency overridden (ComputeFigures::gemmEfficiency / fp8GemmEfficiency, presets/catalog.h). Moe: the time
/// in µs each expert on a GPU adds to an MoE block per micro-batch forward, on the MoE rows of every generation, the
/// GEMM figures as in use (ComputeFigures::moeExpertUs). MoeHost: an eager MoE layer's host time in ms on the MoE rows
/// that ran without CUDA graphs (ComputeFigures::moeHostMs). TritonAttention: the share of FlashAttention-2's rate the
/// Triton FlashAttention reaches, on the rows that ran it (ComputeFigures::tritonAttentionShare).
struct EfficiencyFit {
    enum Kind { Gemm, Moe, MoeHost, TritonAttention };
    Kind kind = Gemm;
    GpuArch arch = GpuArch::Ampere; ///< Gemm only
    Precision precision = Precision::Bf16; ///< Gemm only
    /// Gemm: the fraction of peak; Moe: microseconds per expert; MoeHost: milliseconds; TritonAttention: the share
    double value = 0;
    int rows = 0;
    double meanAbs = 0; ///< mean |error| of those rows at that efficiency
};
std::vector<EfficiencyFit> fitComputeEfficiency(const std::vector<StepRow>& rows);
/// Simulates every row of `split` (the metrics-only path) and compares it with its measurement.
StepReport validateSteps(const std::vector<StepRow>& rows, Split split);

/// The report's compared rows by model kind and scale: dense or MoE, and up to 64 GPUs, 65 – 1,024, or more.
struct StepBand {
    bool moe = false;
    int scale = 0; ///< 0: ≤ 64 GPUs, 1: 65 – 1,024, 2: > 1,024
    StepSummary fit, heldOut;
};
std::vector<StepBand> stepBands(const StepReport& report);
std::string_view scaleName(int scale); ///< "≤ 64 GPUs", "65 – 1,024 GPUs", "> 1,024 GPUs"

/// The report's compared rows that state their CUDA graphs, by what the graphs capture (None, Scoped, FullIteration).
struct StepGraphBand {
    CudaGraphs graphs = CudaGraphs::None;
    StepSummary fit, heldOut;
};
std::vector<StepGraphBand> stepGraphBands(const StepReport& report);

} // namespace tutor::model
