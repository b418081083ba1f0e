// SPDX-License-Identifier: MIT
#include "collectivesstage.h"

#include "collectivespanel.h"
#include "model/collectives/nccltuning.h"
#include "views/collectiveview.h"
#include "views/text.h"

#include <QCoreApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QSplitter>
#include <QTextBrowser>
#include <algorithm>

namespace tutor::app {

using views::bandwidthText;
using views::bytesText;
using views::secondsText;
using views::toQString;

namespace {
constexpr double kTargetPlaySeconds = 12; // a long schedule plays in about this long at 1×
} // namespace

CollectivesStage::CollectivesStage(QWidget* parent)
    : Stage(parent)
{
    setObjectName(QStringLiteral("collectivesStage"));
    m_controller = new CollectivesController(this);
    m_view = new views::CollectiveView(this);
    m_view->setObjectName(QStringLiteral("collectiveView"));
    m_readout = new QTextBrowser(this);
    m_readout->setObjectName(QStringLiteral("collectivesReadout"));
    m_readout->setOpenLinks(false);
    fitReadout();
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_view);
    m_splitter->addWidget(m_readout);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    m_panel = new CollectivesPanel;
    m_panel->setObjectName(QStringLiteral("collectivesPanel"));
    m_panel->setParams(m_controller->params());
    connect(m_panel, &CollectivesPanel::paramsChanged, m_controller, &CollectivesController::setParams);
    connect(m_controller, &CollectivesController::updated, this, &CollectivesStage::showResult);
    connect(this, &QObject::destroyed, m_panel, &QObject::deleteLater);
    retranslate();
    showResult();
}

double CollectivesStage::duration() const
{
    return m_view->steps();
}

void CollectivesStage::setTime(double t)
{
    const double before = m_view->time();
    const int stepBefore = m_view->frame().completed * 2 + (m_view->frame().inFlight >= 0 ? 1 : 0);
    m_view->setTime(t);
    if (m_view->time() != before)
        emit timeChanged(m_view->time());
    const int stepAfter = m_view->frame().completed * 2 + (m_view->frame().inFlight >= 0 ? 1 : 0);
    if (stepAfter != stepBefore)
        emit explanationChanged(explanation());
}

double CollectivesStage::time() const
{
    return m_view->time();
}

std::vector<double> CollectivesStage::stops() const
{
    std::vector<double> steps;
    for (int k = 0; k <= m_view->steps(); ++k)
        steps.push_back(k);
    return steps;
}

double CollectivesStage::naturalRate() const
{
    // One step per second for short schedules; long ones (2(N−1) steps for 64 ranks) in about 12 s.
    return std::max(1.0, duration() / kTargetPlaySeconds);
}

void CollectivesStage::setCalibratedProfile(const std::optional<model::HardwarePreset>& profile, bool select)
{
    m_panel->setCalibratedProfile(profile ? QString::fromStdString(profile->name) : QString());
    CollectivesParams params = m_controller->params();
    const std::string id = CollectivesController::kCalibratedPresetId;
    if (profile && select)
        params.presetId = id;
    else if (!profile && params.presetId == id)
        params.presetId = CollectivesParams {}.presetId;
    m_panel->setParams(params);
    m_controller->setCalibratedProfile(profile, params); // one recompute, with the preset chosen
}

QWidget* CollectivesStage::parameterPanel()
{
    return m_panel;
}

ExportCaption CollectivesStage::exportCaption() const
{
    const auto& p = m_controller->params();
    const auto& r = m_controller->result();
    const model::Algorithm algorithm = r.cost ? r.cost->algorithm : p.algorithm;
    ExportCaption c;
    c.title = tr("%1, %2: %3 ranks = %4 × %5 GPUs")
                  .arg(toQString(model::name(p.op)), toQString(model::name(algorithm)))
                  .arg(p.ranks)
                  .arg(p.nodes)
                  .arg(std::max(1, p.ranks / std::max(1, p.nodes)));
    QStringList parts { views::bytesText(p.bytes), views::presetName(toQString(p.presetId)) };
    if (r.cost)
        parts << tr("time %1").arg(views::secondsText(r.cost->totalSeconds))
              << tr("busbw %1 GB/s").arg(r.cost->busBwGBps, 0, 'f', 1);
    if (m_view->steps() > 0)
        parts << tr("step %1 of %2")
                     .arg(std::min(m_view->steps(), static_cast<int>(m_view->frame().t) + 1))
                     .arg(m_view->steps());
    c.parameters = parts.join(QStringLiteral(" · "));
    c.fileStem = QStringLiteral("%1-%2-%3-ranks")
                     .arg(toQString(model::name(p.op)).toLower(), toQString(model::name(algorithm)))
                     .arg(p.ranks);
    return c;
}

QString CollectivesStage::explanation() const
{
    const CollectivesResult& r = m_controller->result();
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(m_view->caption().toHtmlEscaped());
    if (r.schedule && !r.verified && !r.verification.isEmpty())
        html += views::errorHtml(tr("The executor found a mismatch: %1").arg(r.verification));
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("Each coloured square is one chunk of a rank's buffer; its colour says whose input it "
                        "holds, and its number says which rank that is. A striped chunk holds a reduction of "
                        "several ranks' inputs: Σ2–5 is the sum of ranks 2 to 5, Σ#4 the sum of four ranks that "
                        "are not consecutive. Solid green lines are links inside a node (NVLink/PCIe); dashed purple "
                        "lines cross the network."));
    return html;
}

void CollectivesStage::retranslate()
{
    // Only the texts: rebuilding the drawing (showResult) would rewind the animation to step 0.
    if (!m_controller->result().schedule) {
        showResult();
        return;
    }
    m_view->update();
    m_readout->setHtml(readoutHtml());
    emit explanationChanged(explanation());
}

void CollectivesStage::setColors(const views::Palette& palette)
{
    m_view->setColors(palette);
}

void CollectivesStage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        fitReadout();
    Stage::changeEvent(event);
}

void CollectivesStage::fitReadout()
{
    const QFontMetrics metrics(m_readout->font());
    const int line = metrics.horizontalAdvance(QStringLiteral("β term (bandwidth)   000.0 µs"));
    m_readout->setMinimumWidth(std::max(240, line + 2 * m_readout->frameWidth() + 24));
}

void CollectivesStage::zoomIn()
{
    QFont f = m_view->font();
    f.setPointSizeF(std::min(28.0, f.pointSizeF() + 1));
    m_view->setFont(f);
    m_readout->zoomIn(1);
}

void CollectivesStage::zoomOut()
{
    QFont f = m_view->font();
    f.setPointSizeF(std::max(6.0, f.pointSizeF() - 1));
    m_view->setFont(f);
    m_readout->zoomOut(1);
}

namespace {

/// "a", "a and b", "a, b and c" in the interface's language (the names themselves are NCCL's).
QString joinedNames(const std::vector<std::string_view>& names)
{
    return toQString(
        model::joinList(names, CollectivesStage::tr(", ").toStdString(), CollectivesStage::tr(" and ").toStdString()));
}

/// `cost.reason` in the interface's language, from the choice's figures.
QString autoReason(const model::CollectiveCost& cost, const model::Topology& topology)
{
    const auto label = [](model::Algorithm a, model::Protocol p, model::Seconds t) {
        return QStringLiteral("%1/%2 %3").arg(toQString(model::name(a)), toQString(model::name(p)), secondsText(t));
    };
    const QString chosen = label(cost.algorithm, cost.protocol, cost.tunerSeconds);
    QString text;
    if (cost.candidates <= 1) {
        text = CollectivesStage::tr("%1: the only algorithm/protocol that can run this").arg(chosen);
    } else {
        text = CollectivesStage::tr("%1 beats %2")
                   .arg(chosen, label(cost.runnerUpAlgorithm, cost.runnerUpProtocol, cost.runnerUpSeconds));
        if (cost.tunerSeconds != cost.totalSeconds)
            text += CollectivesStage::tr(" in NCCL's own estimate (its tuner's figures; the time shown adds the "
                                         "measured launch and low-latency (LL, LL128) costs, the chunk pipeline, the "
                                         "tree's fill and the fabric's own measured network costs)");
    }
    // The fabric's NCCL setup, whichever way auto chose (it may be why there was only one pair to choose from).
    const auto setup = model::fabricSetup(topology);
    if (setup.tunerPlugin)
        text += CollectivesStage::tr("; this fabric's tuner plugin chooses by the time a call takes");
    if (const auto protocols = model::names(setup.protocols); !protocols.empty())
        text += (protocols.size() == 1
                ? CollectivesStage::tr("; this fabric's NCCL setup allows only the %1 protocol (NCCL_PROTO)")
                : CollectivesStage::tr("; this fabric's NCCL setup allows only the %1 protocols (NCCL_PROTO)"))
                    .arg(joinedNames(protocols));
    if (const auto algorithms = model::names(setup.algorithms); !algorithms.empty())
        text += CollectivesStage::tr("; this fabric's NCCL setup allows only %1 (NCCL_ALGO)")
                    .arg(joinedNames(algorithms));
    return text;
}

/// The model's formula with its few words (the cost model writes them in English) in the interface's language.
QString formulaText(const std::string& formula)
{
    // Longest first, so that a phrase is replaced before a word inside it.
    static const char* const kPhrases[] = {
        QT_TRANSLATE_NOOP("tutor::app::Formula", "NCCL model (tuning.cc): latency"),
        QT_TRANSLATE_NOOP("tutor::app::Formula", "tree chunks across the network"),
        QT_TRANSLATE_NOOP("tutor::app::Formula", "LL across the network"),
        QT_TRANSLATE_NOOP("tutor::app::Formula", " (full overlap) and "),
        QT_TRANSLATE_NOOP("tutor::app::Formula", "network pipeline"),
        QT_TRANSLATE_NOOP("tutor::app::Formula", "chunk pipeline"),
        QT_TRANSLATE_NOOP("tutor::app::Formula", "tree fill"),
        QT_TRANSLATE_NOOP("tutor::app::Formula", "bus bandwidth"),
        QT_TRANSLATE_NOOP("tutor::app::Formula", ", pipelined over "),
        QT_TRANSLATE_NOOP("tutor::app::Formula", " chunks: "),
        QT_TRANSLATE_NOOP("tutor::app::Formula", ", between "),
        QT_TRANSLATE_NOOP("tutor::app::Formula", " (none)"),
        QT_TRANSLATE_NOOP("tutor::app::Formula", "pipelined("),
        QT_TRANSLATE_NOOP("tutor::app::Formula", "t = base "),
    };
    QString text = toQString(formula);
    for (const char* phrase : kPhrases)
        text.replace(QString::fromUtf8(phrase), QCoreApplication::translate("tutor::app::Formula", phrase));
    return text;
}

} // namespace

QString CollectivesStage::readoutHtml() const
{
    const CollectivesResult& r = m_controller->result();
    QString html;
    const auto row = [&html](const QString& name, const QString& value, const QString& tip = {}) {
        html += QStringLiteral("<tr><td title='%3'>%1</td><td align='right'><b>%2</b></td></tr>")
                    .arg(name, value.toHtmlEscaped(), tip.toHtmlEscaped());
    };
    if (!r.cost) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("No prediction for these parameters:"));
        for (const auto& p : r.problems)
            html += views::errorHtml(views::problemText(p), "li");
        return html + QStringLiteral("</ul>");
    }
    const model::CollectiveCost& c = *r.cost;
    html += QStringLiteral("<h3>%1 · %2 · %3</h3>")
                .arg(toQString(model::name(c.op)), toQString(model::name(c.algorithm)),
                    toQString(model::name(c.protocol)));
    if (model::originOf(c.algorithm) == model::Origin::Textbook)
        html += QStringLiteral("<p><i>%1</i></p>")
                    .arg(tr("%1 is an MPI / textbook algorithm, not NCCL: NCCL never runs it, so nccl-tests will not "
                            "show this time.")
                             .arg(toQString(model::name(c.algorithm))));
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("%1 ranks (%2 × %3 GPUs), S = %4")
                         .arg(c.ranks)
                         .arg(r.topology.nodes)
                         .arg(r.topology.gpusPerNode)
                         .arg(bytesText(c.bytes)));
    html += QStringLiteral("<table width='100%' cellspacing='2'>");
    row(tr("α term (latency)"), secondsText(c.latencySeconds), tr("steps × per-step latency + protocol base latency"));
    row(tr("β term (bandwidth)"), secondsText(c.bandwidthSeconds), tr("bytes on the busiest link ÷ bandwidth"));
    if (c.reduceSeconds > 0)
        row(tr("γ term (reduction)"), secondsText(c.reduceSeconds), tr("bytes reduced ÷ reduction rate"));
    row(tr("Total time"), secondsText(c.totalSeconds));
    row(tr("algbw"), bandwidthText(c.algBwGBps), tr("S ÷ time (nccl-tests)"));
    row(tr("busbw"), bandwidthText(c.busBwGBps), tr("algbw × bus factor (nccl-tests)"));
    row(tr("Steps"), QString::number(c.steps));
    row(tr("Sent by busiest rank"), bytesText(c.bytesSentPerRank));
    html += QStringLiteral("</table>");
    if (r.autoPick) {
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(tr("NCCL would pick %1 / %2 here:")
                             .arg(toQString(model::name(r.autoPick->algorithm)),
                                 toQString(model::name(r.autoPick->protocol))),
                        autoReason(*r.autoPick, r.topology).toHtmlEscaped());
    }
    if (!r.picksBySize.empty()) {
        html += QStringLiteral("<p><b>%1</b><br/>").arg(tr("NCCL would pick, by size:"));
        QStringList picks;
        for (const auto& p : r.picksBySize)
            picks << tr("%1 → %2/%3 %4")
                         .arg(bytesText(p.bytes), toQString(model::name(p.algorithm)),
                             toQString(model::name(p.protocol)), secondsText(p.totalSeconds));
        html += picks.join(QStringLiteral(" · ")).toHtmlEscaped() + QStringLiteral("</p>");
    }
    if (!c.formula.empty())
        html += QStringLiteral("<p><b>%1</b><br/><code>%2</code></p>")
                    .arg(tr("Formula"), formulaText(c.formula).toHtmlEscaped());
    if (r.calibrated)
        html += QStringLiteral("<p><i>%1</i></p>").arg(tr("Links calibrated from live-lab measurements."));
    if (r.schedule)
        html += QStringLiteral("<p>%1</p>")
                    .arg(r.verified ? tr("✓ The executor checked that the final state equals the definition.")
                                    : tr("✗ The final state does not match the definition."));
    return html;
}

void CollectivesStage::showResult()
{
    const CollectivesResult& r = m_controller->result();
    m_panel->setUnavailableAlgorithms(r.unavailable);
    if (r.schedule)
        m_view->setSchedule(*r.schedule, r.topology);
    else if (r.topologyOk)
        m_view->setTopologyOnly(r.topology, r.scheduleNote);
    else
        m_view->setTopologyOnly(model::Topology { 1, 1 }, tr("Fix the parameters to see the drawing."));
    m_readout->setHtml(readoutHtml());
    emit durationChanged(duration());
    emit timeChanged(m_view->time());
    emit explanationChanged(explanation());
}

} // namespace tutor::app
