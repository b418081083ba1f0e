// SPDX-License-Identifier: MIT
#pragma once
// A discrete-event simulation of one optimizer step of a scenario on per-stage lanes.
//
// What is simulated: one rank per pipeline stage (ranks that behave alike are simulated once, so the
// cost does not grow with DP size). Each stage has a compute lane and one lane per communication
// dimension in use (tp, dp, pp, ep); a lane runs one event at a time, in issue order.
// - Compute: forward 2·params·tokens + attention, backward 2× forward, full recomputation one more
//   forward, at peak × efficiency (compute.h).
// - Megatron TP (Shoeybi et al. 2019): 2 AllReduce forward + 2 backward per layer and micro-batch of
//   b·s·h elements, blocking compute; sequence parallelism turns each into AllGather + ReduceScatter of the
//   same size (Korthikanti et al. 2022); full recomputation repeats the forward pair.
// - DDP (Li et al. 2020, PyTorch DDP): gradients grouped into buckets in reverse layer order (first
//   bucket first_bucket_MiB, then bucket_MiB), each AllReduce launched when its bucket's last gradient of
//   the final micro-batch is ready (no_sync before), serialised on the dp lane; overlap off launches them
//   all after backward. ZeRO-1/2: ReduceScatter per bucket, then AllGather of updated parameters (2Ψ);
//   ZeRO-3: AllGather per layer before forward and backward (prefetch_depth layers ahead) and
//   ReduceScatter after backward (3Ψ) (Rajbhandari et al. 2020).
// - Pipeline (GPipe; 1F1B, Narayanan et al. 2019; interleaved 1F1B, Narayanan et al. 2021): activations
//   and gradients sent per micro-batch and boundary on the sender's pp lane.
// - MoE: AllToAll dispatch and combine per MoE layer forward and again backward, on the ep lane.
// - Straggler: the stage holding that rank computes slower; every collective of its groups waits for it,
//   so the simulated rank of that stage is the slow one. Interference: compute issued while the dp lane
//   is busy is stretched by (1 + interference) over the overlapping part.
// Labels: compute "fwd|bwd|rcp L<layer> att|mlp|moe|head #<micro-batch>"; TP/EP "AR|RS|AG|A2A L<layer>
// <block> #<micro-batch>"; DP "AllReduce bucket <n>", "AllGather params <n>", "AllGather fwd L<n>";
// PP "send act|grad #<micro-batch> → stage <s>".
// Collective costs come from predict() (costmodel.h) with Algorithm::Auto on the group's own topology
// (TP inside a node on NVLink; groups spanning nodes on the network, hierarchical when it wins), each
// distinct (collective, bytes, group) predicted once per simulation.
#include "model/sim/scenario.h"
#include "model/sim/simulation.h"

namespace tutor::model {

/// Simulates one optimizer step. Fails with validate()'s problems, hardware problems, or the cost
/// model's problems for a collective it cannot predict.
Result<Simulation> simulate(const Scenario& scenario, const SimulateOptions& options = {});

/// The metrics simulate() would give, without building the timeline: each distinct forward / backward op is
/// simulated once and the schedule is driven with its duration; the step's last micro-batch runs layer by layer so
/// gradient synchronisation and its overlap are the full simulation's. Equal to simulate()'s metrics up to
/// floating-point rounding (tested). Interference, and ZeRO-3 with pipeline stages (gathers in each chunk's first
/// forward only), make ops of one kind differ, so those scenarios take the full simulation.
Result<StepMetrics> simulateMetrics(const Scenario& scenario, const SimulateOptions& options = {});
/// True when simulateMetrics() takes the fast path for this scenario.
bool hasMetricsOnlyPath(const Scenario& scenario);
/// Frees what simulateMetrics() keeps on this thread for the next calls (the op patterns of the last 16 scenarios:
/// megabytes for large models); the layout search calls it on each of its threads when they are done.
void releaseMetricsCaches();

} // namespace tutor::model
