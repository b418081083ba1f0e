// SPDX-License-Identifier: MIT
#pragma once
// The machines and lookups the NCCL tuning tests share (tst_nccltuning, tst_nccltuning_fabric).

#include "model/collectives/costmodel.h"
#include "model/collectives/nccltuning.h"

#include <QtTest>

namespace tutor::model::testing {

inline Topology preset(const char* id, int nodes, int gpusPerNode)
{
    TopologySpec spec;
    spec.preset = id;
    spec.nodes = nodes;
    spec.gpusPerNode = gpusPerNode;
    auto t = buildTopology(spec);
    if (!t)
        qFatal("%s", toText(t.problems()).c_str());
    return *t;
}

inline CollectiveRequest request(Collective op, Bytes bytes, const Topology& t, Algorithm a = Algorithm::Auto)
{
    CollectiveRequest r;
    r.op = op;
    r.bytes = bytes;
    r.topology = t;
    r.algorithm = a;
    return r;
}

inline const NcclTuning& rowOf(const std::vector<NcclTuning>& table, Algorithm a, Protocol p)
{
    const auto* row = findRow(table, a, p);
    if (!row)
        qFatal("no row %s/%s", std::string(name(a)).c_str(), std::string(name(p)).c_str());
    return *row;
}
} // namespace tutor::model::testing
