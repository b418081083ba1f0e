#include "livelabstage.h"

#include "app/gui/livelab/hardwareprofile.h"
#include "views/charts/measurementchart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

namespace tutor::app {

namespace {

QString sizeText(model::Bytes bytes)
{
    return QString::fromStdString(model::formatBytes(bytes));
}

QTableWidgetItem* number(double v, int decimals)
{
    auto* item = new QTableWidgetItem(std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("–"));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

LiveLabStage::LiveLabStage(QWidget* parent)
    : Stage(parent)
    , m_client(new LiveLabClient(this))
{
    buildPanel();
    buildResults();
    connect(m_client, &LiveLabClient::progressed, this, &LiveLabStage::onProgress);
    connect(m_client, &LiveLabClient::measurementAdded, this, &LiveLabStage::onMeasurementAdded);
    connect(m_client, &LiveLabClient::overlapAdded, this, [this](int i) {
        m_overlaps.push_back(m_client->overlaps()[static_cast<std::size_t>(i)]);
        refreshOverlap();
    });
    connect(m_client, &LiveLabClient::helloReceived, this, [this] { m_hello = m_client->hello(); });
    connect(m_client, &LiveLabClient::warning, this, [this](const QString& text) { emit message(text, false); });
    connect(m_client, &LiveLabClient::finished, this, &LiveLabStage::onFinished);
    refreshViews();
}

LiveLabStage::~LiveLabStage()
{
    // The panel may live in the window's dock; it belongs to this stage.
    if (m_panel && m_panel->parent() != this)
        delete m_panel;
}

void LiveLabStage::buildResults()
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* results = new QWidget;
    auto* column = new QVBoxLayout(results);
    column->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabWidget;

    auto* chartPage = new QWidget;
    auto* chartLayout = new QVBoxLayout(chartPage);
    m_quantity = new QComboBox;
    m_quantity->addItem(tr("Bus bandwidth vs size"));
    m_quantity->addItem(tr("Time vs size"));
    connect(m_quantity, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_chart->setQuantity(
            i == 0 ? views::MeasurementChart::Quantity::BusBandwidth : views::MeasurementChart::Quantity::Time);
    });
    m_chart = new views::MeasurementChart;
    chartLayout->addWidget(m_quantity);
    chartLayout->addWidget(m_chart, 1);
    m_tabs->addTab(chartPage, tr("Chart"));

    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("measurementTable"));
    m_table->setColumnCount(12);
    m_table->setHorizontalHeaderLabels({ tr("Collective"), tr("Size"), tr("In-place"), tr("Time (µs)"),
        tr("algbw (GB/s)"), tr("busbw (GB/s)"), tr("#wrong"), tr("min / median / p99 (µs)"), tr("Model (µs)"),
        tr("Fit (µs)"), tr("Fit error"), tr("Efficiency") });
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tabs->addTab(m_table, tr("Table"));

    m_overlapTable = new QTableWidget;
    m_overlapTable->setObjectName(QStringLiteral("overlapTable"));
    m_overlapTable->setColumnCount(3);
    m_overlapTable->setHorizontalHeaderLabels({ tr("Quantity"), tr("Measured"), tr("Model") });
    m_overlapTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_overlapTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tabs->addTab(m_overlapTable, tr("Overlap"));

    m_fitLabel = new QLabel;
    m_fitLabel->setObjectName(QStringLiteral("fitLabel"));
    m_fitLabel->setWordWrap(true);
    column->addWidget(m_tabs, 1);
    column->addWidget(m_fitLabel);
    layout->addWidget(results, 1);
    layout->addWidget(m_panel);
}

QWidget* LiveLabStage::parameterPanel()
{
    return m_panel;
}

QString LiveLabStage::explanation() const
{
    return tr("<p><b>Live lab.</b> Real collectives on this machine (MPI) or its GPUs (NCCL). Time is the mean per "
              "call of the slowest rank; <i>algbw</i> = S / t; <i>busbw</i> = algbw × 2(n−1)/n for AllReduce, "
              "(n−1)/n for ReduceScatter, AllGather and AllToAll — comparable with the link's bandwidth, as "
              "nccl-tests reports it. <b>Calibrate</b> fits t(S) = L + S·F/β to the rows (least absolute relative "
              "error); where the library switches protocol with size, each size range gets its own line, as many as "
              "the data supports. It shows the error per size; <b>Use for predictions</b> puts the fitted α (of the "
              "small sizes) and β (of the large sizes) into the model.</p>");
}

void LiveLabStage::retranslate()
{
    emit explanationChanged(explanation());
}

model::HardwarePreset LiveLabStage::comparisonPreset() const
{
    const QString id = m_preset->currentData().toString();
    if (id == QLatin1String("custom-calibrated"))
        if (auto custom = loadCustomProfile())
            return *custom;
    if (auto preset = model::findPreset(id.toStdString()))
        return *preset;
    return model::presets().front();
}

int LiveLabStage::hostCount() const
{
    if (m_hello && !m_hello->hosts.empty())
        return static_cast<int>(m_hello->hosts.size());
    return 1;
}

void LiveLabStage::setRunning(bool running)
{
    m_start->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_calibrate->setEnabled(!running);
}

void LiveLabStage::start()
{
    const LiveLabRequest r = request();
    if (r.minBytes < 1 || r.maxBytes < 1 || r.minBytes > r.maxBytes) {
        m_status->setText(tr("Sizes: from %1 to %2: each must be a size such as 8, 64K or 1G, the first not above the "
                             "second")
                              .arg(m_minBytes->text(), m_maxBytes->text()));
        emit message(m_status->text(), true);
        return;
    }
    m_measurements.clear();
    m_overlaps.clear();
    m_calibration.reset();
    m_hello.reset();
    m_use->setEnabled(false);
    m_origin = tr("live run");
    refreshViews();
    setRunning(true);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("starting…"));
    m_status->setText(tr("Starting %1").arg(m_client->workerPath()));
    m_client->start(r);
}

void LiveLabStage::cancel()
{
    m_client->cancel();
}

void LiveLabStage::onProgress(int index, int total, qint64 bytes, bool inPlace)
{
    m_progress->setRange(0, std::max(1, total));
    m_progress->setValue(index);
    m_progress->setFormat(
        tr("%1 of %2 — %3%4").arg(index + 1).arg(total).arg(sizeText(bytes), inPlace ? tr(", in-place") : QString()));
}

void LiveLabStage::onMeasurementAdded(int index)
{
    m_measurements.push_back(m_client->measurements()[static_cast<std::size_t>(index)]);
    refreshViews();
}

void LiveLabStage::onFinished(bool ok, const QString& summary)
{
    setRunning(false);
    m_progress->setValue(m_progress->maximum());
    m_progress->setFormat(ok ? tr("done") : tr("stopped"));
    m_status->setText(summary);
    emit message(summary, !ok);
}

void LiveLabStage::setMeasurements(std::vector<model::Measurement> measurements, const QString& origin)
{
    m_measurements = std::move(measurements);
    m_overlaps.clear();
    m_calibration.reset();
    m_hello.reset();
    m_use->setEnabled(false);
    m_origin = origin;
    if (!m_measurements.empty()) {
        const int at = m_op->findData(QString::fromUtf8(model::traits(m_measurements.front().op).cliName.data()));
        if (at >= 0)
            m_op->setCurrentIndex(at);
        m_ranks->setValue(m_measurements.front().ranks);
    }
    refreshViews();
}

QString LiveLabStage::openMeasurements(const QString& path)
{
    auto loaded = model::loadMeasurements(path.toStdString());
    if (!loaded)
        return QString::fromStdString(model::toText(loaded.problems()));
    const auto n = loaded->size();
    setMeasurements(std::move(loaded).value(), QFileInfo(path).fileName());
    return tr("Opened %1 measurement(s) from %2").arg(n).arg(path);
}

QString LiveLabStage::saveMeasurements(const QString& path) const
{
    const auto problems = model::saveMeasurements(path.toStdString(), m_measurements);
    return problems.empty() ? QString() : QString::fromStdString(model::toText(problems));
}

QString LiveLabStage::importNcclTests(const QString& path)
{
    auto imported = model::importNcclTests(path.toStdString());
    if (!imported)
        return QString::fromStdString(model::toText(imported.problems()));
    const auto n = imported->size();
    setMeasurements(std::move(imported).value(), QFileInfo(path).fileName());
    return tr("Imported %1 measurement(s) from %2").arg(n).arg(path);
}

void LiveLabStage::calibrate()
{
    std::vector<model::Measurement> rows;
    for (const auto& m : m_measurements)
        if (m.op == m_measurements.front().op && m.ranks == m_measurements.front().ranks)
            rows.push_back(m);
    auto fit = model::calibrate(rows);
    if (!fit) {
        m_calibration.reset();
        m_use->setEnabled(false);
        m_fitLabel->setText(tr("Cannot calibrate: %1").arg(QString::fromStdString(model::toText(fit.problems()))));
        emit message(m_fitLabel->text(), true);
        refreshViews();
        return;
    }
    m_calibration = *fit;
    m_use->setEnabled(true);
    const model::AlphaBetaFit summary = fit->summary();
    QString text = tr("Fit of %1 at %2 ranks: α = %3 µs per step, β = %4 GB/s (bus), median error %5 %, worst %6 %.")
                       .arg(QString::fromUtf8(model::name(fit->op).data()))
                       .arg(fit->ranks)
                       .arg(summary.alphaSeconds * 1e6, 0, 'f', 2)
                       .arg(summary.busBandwidthGBps, 0, 'f', 2)
                       .arg(fit->medianRelativeError * 100, 0, 'f', 1)
                       .arg(fit->maxRelativeError * 100, 0, 'f', 1);
    if (fit->segments.size() > 1) {
        QStringList ranges;
        for (const auto& segment : fit->segments) {
            const QString beta = segment.fit.busBandwidthGBps > 0
                ? tr("β = %1 GB/s").arg(segment.fit.busBandwidthGBps, 0, 'f', 2)
                : tr("latency-bound");
            ranges << tr("%1 – %2: α = %3 µs, %4")
                          .arg(sizeText(segment.firstBytes), sizeText(segment.lastBytes))
                          .arg(segment.fit.alphaSeconds * 1e6, 0, 'f', 2)
                          .arg(beta);
        }
        text += tr(" %1 size ranges (protocols), each its own line: %2.", "ranges joined by semicolons")
                    .arg(fit->segments.size())
                    .arg(ranges.join(tr("; ")));
    }
    if (auto held = model::holdOut(rows))
        text += tr(" Every other size held back: median error %1 %.").arg(held->medianRelativeError * 100, 0, 'f', 1);
    m_fitLabel->setText(text);
    refreshViews();
}

void LiveLabStage::useForPredictions()
{
    if (!m_calibration)
        return;
    const model::HardwarePreset base = comparisonPreset();
    model::Link intra = base.intra;
    model::Link inter = base.inter;
    if (hostCount() > 1)
        inter = model::toLink(*m_calibration, base.inter);
    else
        intra = model::toLink(*m_calibration, base.intra);
    const QString error = saveCustomProfile(customProfile(base, intra, inter));
    emit calibrationApplied(intra, inter);
    emit message(
        error.isEmpty() ? tr("The model now uses the calibrated links (saved to %1).").arg(customProfilePath()) : error,
        !error.isEmpty());
}

void LiveLabStage::refreshViews()
{
    m_chart->setMeasurements(m_measurements);
    views::SizeCurve predicted, fitted;
    if (!m_measurements.empty()) {
        const auto& first = m_measurements.front();
        const auto sizes = measuredSizes(m_measurements);
        if (const auto topology = liveTopology(comparisonPreset(), first.ranks, hostCount()))
            for (const auto& p : predictSizes(first.op, first.dtype, *topology, sizes))
                predicted.emplace_back(p.bytes, p.seconds);
        if (m_calibration)
            for (const auto bytes : sizes)
                fitted.emplace_back(bytes, m_calibration->predictSeconds(bytes));
        m_chart->setCurves(first.op, first.ranks, predicted, fitted);
    } else {
        m_chart->setCurves(model::Collective::AllReduce, 1, {}, {});
    }
    refreshTable();
    refreshOverlap();
}

void LiveLabStage::refreshTable()
{
    std::map<model::Bytes, double> model;
    if (!m_measurements.empty()) {
        const auto& first = m_measurements.front();
        if (const auto topology = liveTopology(comparisonPreset(), first.ranks, hostCount()))
            for (const auto& p : predictSizes(first.op, first.dtype, *topology, measuredSizes(m_measurements)))
                model[p.bytes] = p.seconds;
    }
    std::map<model::Bytes, model::FitPoint> fit;
    if (m_calibration)
        for (const auto& p : m_calibration->points)
            fit[p.bytes] = p;
    m_table->setRowCount(static_cast<int>(m_measurements.size()));
    for (int row = 0; row < static_cast<int>(m_measurements.size()); ++row) {
        const auto& m = m_measurements[static_cast<std::size_t>(row)];
        m_table->setItem(row, 0, new QTableWidgetItem(QString::fromUtf8(model::name(m.op).data())));
        m_table->setItem(row, 1, new QTableWidgetItem(sizeText(m.bytes)));
        m_table->setItem(row, 2, new QTableWidgetItem(m.inPlace ? tr("yes") : tr("no")));
        m_table->setItem(row, 3, number(m.timeSeconds * 1e6, 2));
        m_table->setItem(row, 4, number(m.algBwGBps, 2));
        m_table->setItem(row, 5, number(m.busBwGBps, 2));
        m_table->setItem(
            row, 6, m.wrong < 0 ? new QTableWidgetItem(tr("not checked")) : number(static_cast<double>(m.wrong), 0));
        m_table->setItem(row, 7,
            new QTableWidgetItem(m.medianSeconds > 0 ? QStringLiteral("%1 / %2 / %3")
                                                           .arg(m.minSeconds * 1e6, 0, 'f', 2)
                                                           .arg(m.medianSeconds * 1e6, 0, 'f', 2)
                                                           .arg(m.p99Seconds * 1e6, 0, 'f', 2)
                                                     : QStringLiteral("–")));
        auto predicted = model.find(m.bytes);
        m_table->setItem(row, 8,
            predicted == model.end() ? new QTableWidgetItem(QStringLiteral("–")) : number(predicted->second * 1e6, 2));
        auto f = fit.find(m.bytes);
        const bool fitted = f != fit.end() && !m.inPlace;
        m_table->setItem(
            row, 9, fitted ? number(f->second.fittedSeconds * 1e6, 2) : new QTableWidgetItem(QStringLiteral("–")));
        m_table->setItem(row, 10,
            fitted ? new QTableWidgetItem(QStringLiteral("%1 %").arg(f->second.relativeError * 100, 0, 'f', 1))
                   : new QTableWidgetItem(QStringLiteral("–")));
        m_table->setItem(row, 11, fitted ? number(f->second.efficiency, 2) : new QTableWidgetItem(QStringLiteral("–")));
    }
}

void LiveLabStage::refreshOverlap()
{
    m_overlapTable->setRowCount(0);
    if (m_overlaps.empty())
        return;
    const live::OverlapRecord& o = m_overlaps.back();
    // The model's communication time for the same collective and size, on the comparison preset.
    double commUs = o.commAloneUs;
    const auto topology = liveTopology(comparisonPreset(), o.ranks, hostCount());
    if (const auto op = model::parseCollective(o.op); op && topology) {
        const auto points = predictSizes(*op, model::DType::Fp32, *topology, { o.bytes });
        if (!points.empty())
            commUs = points.front().seconds * 1e6;
    }
    const OverlapPrediction p = predictOverlap(o.computeAloneUs, commUs);
    const struct {
        QString name;
        double measured;
        double predicted;
    } rows[] = {
        { tr("compute (µs)"), o.computeAloneUs, p.computeUs },
        { tr("collective alone (µs)"), o.commAloneUs, p.commUs },
        { tr("both together, overall (µs)"), o.overallUs, p.overallUs },
        { tr("overlap, HTA (%)"), o.htaOverlapPct, p.htaPct },
        { tr("overlap, OSU (%)"), o.osuOverlapPct, p.osuPct },
        { tr("compute slowdown (×)"), o.computeSlowdown, 1.0 },
        { tr("collective slowdown (×)"), o.commSlowdown, 1.0 },
    };
    m_overlapTable->setRowCount(static_cast<int>(std::size(rows)));
    for (int i = 0; i < static_cast<int>(std::size(rows)); ++i) {
        m_overlapTable->setItem(i, 0, new QTableWidgetItem(rows[i].name));
        m_overlapTable->setItem(i, 1, number(rows[i].measured, 2));
        m_overlapTable->setItem(i, 2, number(rows[i].predicted, 2));
    }
}

} // namespace tutor::app
