// SPDX-License-Identifier: MIT
#include "collectiveframe.h"

#include "geometry.h"

#include <QCoreApplication>

namespace tutor::views {

CollectiveFrame collectiveFrameAt(const model::Schedule& schedule, model::BufferStates afterCompleted, double t)
{
    CollectiveFrame f;
    const StepClock clock { static_cast<int>(schedule.steps.size()) };
    f.steps = clock.steps;
    f.t = clock.clamp(t);
    f.completed = clock.completed(t);
    f.inFlight = clock.inFlight(t);
    f.progress = clock.progress(t);
    f.buffers = std::move(afterCompleted);
    if (f.inFlight >= 0)
        f.moving = schedule.steps[static_cast<size_t>(f.inFlight)].transfers.toVector();
    return f;
}

QString describeStep(const model::Schedule& schedule, const model::Topology& topology, int step)
{
    const int steps = static_cast<int>(schedule.steps.size());
    if (step < 0 || step >= steps)
        return {};
    const auto& transfers = schedule.steps[static_cast<size_t>(step)].transfers;
    int reduces = 0;
    int network = 0;
    model::Bytes largest = 0;
    for (const auto& x : transfers) {
        reduces += x.reduce ? 1 : 0;
        network += topology.sameNode(x.src, x.dst) ? 0 : 1;
        largest = std::max(largest, x.bytes);
    }
    const int count = static_cast<int>(transfers.size());
    QString what;
    if (reduces == count)
        what = QCoreApplication::translate(
            "tutor::views::CollectiveFrame", "each receiver adds the chunk to its own copy (reduction)");
    else if (reduces == 0)
        what = QCoreApplication::translate("tutor::views::CollectiveFrame", "each receiver stores the chunk (copy)");
    else
        what = QCoreApplication::translate("tutor::views::CollectiveFrame", "%1 transfers reduce, %2 copy")
                   .arg(reduces)
                   .arg(count - reduces);
    QString where;
    if (network == 0)
        where = QCoreApplication::translate("tutor::views::CollectiveFrame", "all inside a node");
    else if (network == count)
        where = QCoreApplication::translate("tutor::views::CollectiveFrame", "all across the network");
    else
        where = QCoreApplication::translate("tutor::views::CollectiveFrame", "%1 across the network, %2 inside a node")
                    .arg(network)
                    .arg(count - network);
    return QCoreApplication::translate(
        "tutor::views::CollectiveFrame", "Step %1 of %2: %3 transfers of up to %4; %5; %6.")
        .arg(step + 1)
        .arg(steps)
        .arg(count)
        .arg(QString::fromStdString(model::formatBytes(largest)))
        .arg(what, where);
}

} // namespace tutor::views
