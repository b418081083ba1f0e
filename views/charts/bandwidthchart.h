#pragma once
// Bus bandwidth against message size, one curve per algorithm, on log–log axes, with the latency-bound region
// (α term larger than β term for the algorithm `auto` picks) shaded apart from the bandwidth-bound region.
// Used by the training-step stage (for a scenario's DP group) and the collectives stage.
#include "views/palette.h"

#include <QPointF>
#include <QString>
#include <QWidget>
#include <vector>
#ifndef Q_MOC_RUN // moc of Qt 6.4 cannot parse the C++20 standard headers the model pulls in
#include "model/collectives/costmodel.h"
#endif

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace tutor::views {

struct BandwidthCurve {
    model::Algorithm algorithm = model::Algorithm::Ring;
    std::vector<QPointF> points; ///< (S bytes, busbw GB/s), each with the algorithm's cheapest protocol
};

struct BandwidthData {
    std::vector<BandwidthCurve> curves; ///< algorithms that can run the request, in concreteAlgorithms() order
    std::vector<QPointF> autoCurve; ///< what Algorithm::Auto achieves at each size
    /// Smallest S where the β term of the auto choice reaches its α term (latency-bound below, bandwidth-bound
    /// above); 0 when every size is bandwidth-bound, maxBytes when every size is latency-bound.
    double crossoverBytes = 0;
    double linkGBps = 0; ///< β of the slowest link class the request uses, for reference
    model::Bytes minBytes = 0;
    model::Bytes maxBytes = 0;
};

/// Predicts the template request (its `bytes` ignored) at S = minBytes · 2^k up to maxBytes. Pure.
BandwidthData bandwidthData(
    const model::CollectiveRequest& request, model::Bytes minBytes = 8, model::Bytes maxBytes = 4 * model::GiB);

class BandwidthChart : public QWidget {
    Q_OBJECT
public:
    explicit BandwidthChart(QWidget* parent = nullptr);

    /// The collective, topology, dtype and protocol to chart; `bytes` marks the current size when > 0.
    void setRequest(const model::CollectiveRequest& request);
    const BandwidthData& data() const { return m_data; }
    void setColors(const Palette& palette);
    QChart* chart() const { return m_chart; }
    void retranslate();

private:
    void rebuild();

    QChart* m_chart = nullptr;
    QChartView* m_view = nullptr;
    Palette m_palette = Palette::light();
    model::CollectiveRequest m_request;
    BandwidthData m_data;
};

} // namespace tutor::views
