// SPDX-License-Identifier: MIT
#pragma once
// The α-β-γ cost model of one collective on one topology, with NCCL-style protocols and auto selection.
#include "model/collectives/cost.h"
#include "model/collectives/problem.h"

#include <string>

namespace tutor::model {

/// Every problem with a request: ranks ≥ 1, 1 ≤ bytes ≤ kMaxMessageBytes, finite positive bandwidths,
/// an algorithm that is defined for this collective, rank count and topology, root in range.
Problems validate(const CollectiveRequest& request);

/// Predicts one collective. Algorithm/Protocol Auto evaluates every pair NCCL itself has for the request
/// (Origin::Nccl; the MPI / textbook algorithms only when none of NCCL's can run it) and takes the one with
/// the smallest CollectiveCost::tunerSeconds — NCCL's own estimate (src/graph/tuning.cc), so auto picks what NCCL
/// picks — and says why in CollectiveCost::reason. totalSeconds is the time the machine takes.
/// Fails with the problems of validate() and with "not defined for n ranks" for an algorithm that cannot run.
Result<CollectiveCost> predict(const CollectiveRequest& request);

/// Every (algorithm, protocol) that can run this request, each with its cost, cheapest in tunerSeconds first. With Auto
/// these are the pairs auto chooses among (NCCL's); force an algorithm to cost an MPI / textbook one. Used for the
/// "auto would choose … because …" readout and the per-algorithm bandwidth chart.
std::vector<CollectiveCost> candidates(const CollectiveRequest& request);

} // namespace tutor::model
