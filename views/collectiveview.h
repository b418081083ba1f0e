// SPDX-License-Identifier: MIT
#pragma once
// A self-contained widget that animates one collective: ranks as GPUs grouped into nodes, links, each rank's
// buffer as a row of chunks, and the transfers of the current step moving between them. Time t is measured
// in steps (see StepClock). Reused by the collectives stage and the lessons page.
#include "collectiveframe.h"
#include "collectivelayout.h"
#include "model/collectives/schedule.h"
#include "model/collectives/topology.h"
#include "palette.h"

#include <QWidget>

namespace tutor::views {

class CollectiveView : public QWidget {
    Q_OBJECT
public:
    explicit CollectiveView(QWidget* parent = nullptr);

    /// Shows `schedule` on `topology` (ranks must match; more than kMaxDrawnRanks ranks are summarised) and
    /// moves to t = 0.
    void setSchedule(const model::Schedule& schedule, const model::Topology& topology);
    /// Shows only the topology with a note (no schedule: e.g. the algorithm is not defined for these ranks).
    void setTopologyOnly(const model::Topology& topology, const QString& note);

    /// Moves the animation to t steps, clamped to [0, steps()].
    void setTime(double t);
    double time() const { return m_frame.t; }
    int steps() const { return static_cast<int>(m_schedule.steps.size()); }

    void setColors(const Palette& palette);
    const Palette& colors() const { return m_palette; }

    /// What is drawn now; tests compare it with the executor.
    const CollectiveFrame& frame() const { return m_frame; }
    const CollectiveLayout& sceneLayout() const { return m_layout; }
    const model::Schedule& schedule() const { return m_schedule; }
    const model::Topology& topology() const { return m_topology; }
    /// The caption under the drawing: the current step, the final state, or the summary.
    QString caption() const;

    /// Paints the scene at `size` into any paint device (PNG, SVG export).
    void renderScene(QPainter& painter, QSizeF size) const;

    QSize sizeHint() const override { return { 720, 480 }; }
    QSize minimumSizeHint() const override { return { 320, 220 }; }

signals:
    void timeChanged(double t);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void relayout();
    void updateFrame(double t);

    model::Schedule m_schedule;
    model::Topology m_topology;
    QString m_note;
    Palette m_palette = Palette::light();
    CollectiveLayout m_layout;
    CollectiveFrame m_frame;
    int m_cachedCompleted = -1; ///< step count the cached buffers belong to
    model::BufferStates m_cachedBuffers;
};

} // namespace tutor::views
