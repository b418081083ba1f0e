#pragma once
// The α-β-γ cost model of one collective on one topology, with NCCL-style protocols and auto selection.
#include "algorithm.h"
#include "collective.h"
#include "problem.h"
#include "topology.h"

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
    Seconds latencySeconds = 0; ///< the α term (steps × per-step latency, plus protocol base latency)
    Seconds bandwidthSeconds = 0; ///< the β term, including protocol efficiency
    Seconds reduceSeconds = 0; ///< the γ term
    double algBwGBps = 0; ///< S / totalSeconds / 1e9
    double busBwGBps = 0; ///< algBw · busBandwidthFactor(op, ranks)
    int steps = 0; ///< communication steps on the critical path
    Bytes bytesSentPerRank = 0; ///< the volume term: bytes the busiest rank sends
    LinkBytes linkBytes;
    std::string reason; ///< why this algorithm/protocol (for auto: the runner-up and its time)
    std::string formula; ///< the closed form with the numbers substituted, for the explanation panel
    bool operator==(const CollectiveCost&) const = default;
};

/// Every problem with a request: ranks ≥ 1, 1 ≤ bytes ≤ kMaxMessageBytes, finite positive bandwidths,
/// an algorithm that is defined for this collective, rank count and topology, root in range.
Problems validate(const CollectiveRequest& request);

/// Predicts one collective. Algorithm/Protocol Auto evaluates every defined pair and takes the cheapest,
/// as NCCL's tuner does (src/graph/tuning.cc), and says why in CollectiveCost::reason.
/// Fails with the problems of validate() and with "not defined for n ranks" for an algorithm that cannot run.
Result<CollectiveCost> predict(const CollectiveRequest& request);

/// Every (algorithm, protocol) that can run this request, each with its cost, cheapest first.
/// Used for the "auto would choose … because …" readout and the per-algorithm bandwidth chart.
std::vector<CollectiveCost> candidates(const CollectiveRequest& request);

} // namespace tutor::model
