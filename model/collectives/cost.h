// SPDX-License-Identifier: MIT
#pragma once
// The value types of the cost model: one collective call and what it costs (costmodel.h computes them).
#include "model/collectives/algorithm.h"
#include "model/collectives/collective.h"
#include "model/collectives/topology.h"

#include <string>

namespace tutor::model {

/// One collective call. `bytes` is S as nccl-tests counts it for `op` (see CollectiveTraits::sizeIsWholeArray).
struct CollectiveRequest {
    Collective op = Collective::AllReduce;
    Bytes bytes = 0;
    DType dtype = DType::Fp32;
    Topology topology;
    Algorithm algorithm = Algorithm::Auto;
    Protocol protocol = Protocol::Auto;
    int root = 0;
    /// false: leave CollectiveCost::formula and ::reason empty; sweeps, charts and the simulator need only the
    /// numbers, and writing the text is most of the time a prediction takes.
    bool explain = true;
    bool operator==(const CollectiveRequest&) const = default;
};

/// Bytes that cross each link class, summed over all ranks.
struct LinkBytes {
    Bytes intraNode = 0;
    Bytes interNode = 0;
    bool operator==(const LinkBytes&) const = default;
};

struct CollectiveCost {
    Collective op = Collective::AllReduce;
    Algorithm algorithm = Algorithm::Ring;
    Protocol protocol = Protocol::Simple;
    int ranks = 0;
    Bytes bytes = 0; ///< S, nccl-tests convention
    Seconds totalSeconds = 0; ///< latency + bandwidth + reduction
    /// What auto compares: NCCL's own estimate for NCCL's algorithms on a GPU machine (its tuner's latency
    /// figures, without the measured launch, LL hop and network pipeline that totalSeconds adds), so that auto
    /// picks what NCCL picks; totalSeconds everywhere else.
    Seconds tunerSeconds = 0;
    Seconds latencySeconds = 0; ///< the α term (steps × per-step latency, plus protocol base latency)
    Seconds bandwidthSeconds = 0; ///< the β term, including protocol efficiency
    Seconds reduceSeconds = 0; ///< the γ term
    double algBwGBps = 0; ///< S / totalSeconds / 1e9
    double busBwGBps = 0; ///< algBw · busBandwidthFactor(op, ranks)
    int steps = 0; ///< communication steps on the critical path
    Bytes bytesSentPerRank = 0; ///< the volume term: bytes the busiest rank sends
    LinkBytes linkBytes;
    std::string reason; ///< why this algorithm/protocol (for auto: the runner-up and its time)
    /// For a choice (auto): how many algorithm/protocol pairs could run and the runner-up with its estimate, so
    /// that a window can say `reason` in its own language.
    int candidates = 0;
    Algorithm runnerUpAlgorithm = Algorithm::Ring;
    Protocol runnerUpProtocol = Protocol::Simple;
    Seconds runnerUpSeconds = 0;
    std::string formula; ///< the closed form with the numbers substituted, for the explanation panel
    bool operator==(const CollectiveCost&) const = default;
};

} // namespace tutor::model
