// SPDX-License-Identifier: MIT
#include "trainingstage.h"

#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"
#include "model/sim/trace.h"
#include "scenarioform.h"
#include "trainingcontroller.h"
#include "views/charts/bandwidthchart.h"
#include "views/charts/breakdownchart.h"
#include "views/charts/sweepchart.h"
#include "views/eventmodel.h"
#include "views/text.h"
#include "views/timelineview.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace tutor::app {

using views::percentText;
using views::secondsText;

namespace {

QTableView* makeTable(QWidget* parent)
{
    auto* table = new QTableView(parent);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setAlternatingRowColors(true);
    return table;
}

// A QHeaderView keeps the capacity of its section list through a model reset (Qt 6.4: 16 bytes a row), so the
// events table's hidden row header would hold the memory of the largest step ever shown (4 MiB for 260,000 events)
// for as long as the window lives. A step with far fewer rows than the header holds gets a fresh header, which takes
// the old one's row heights (presenter mode sets them) and visibility.
void fitRowHeader(QTableView* table, std::size_t rows)
{
    constexpr int kKeptRows = 1 << 14;
    const QHeaderView* old = table->verticalHeader();
    if (old->count() <= kKeptRows || static_cast<std::size_t>(old->count()) <= 4 * rows)
        return;
    auto* header = new QHeaderView(Qt::Vertical, table);
    header->setMinimumSectionSize(old->minimumSectionSize());
    header->setDefaultSectionSize(old->defaultSectionSize());
    header->setHighlightSections(old->highlightSections());
    header->setVisible(!old->isHidden());
    table->setVerticalHeader(header); // deletes the old one, its child
}
} // namespace

TrainingStage::TrainingStage(QWidget* parent)
    : Stage(parent)
{
    m_controller = new TrainingController(this);
    m_form = new ScenarioForm;

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    layout->addWidget(m_stack);

    // Timeline page: banner, Gantt chart, then metrics / events tabs beside the selected event.
    auto* timelinePage = new QWidget(m_stack);
    auto* pageLayout = new QVBoxLayout(timelinePage);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->setSpacing(2);
    m_banner = new QLabel(timelinePage);
    m_banner->setWordWrap(true);
    m_banner->setVisible(false);
    m_banner->setStyleSheet(
        QStringLiteral("padding: 4px; color: white; background: %1;").arg(views::errorColor().name()));
    pageLayout->addWidget(m_banner);
    auto* split = new QSplitter(Qt::Vertical, timelinePage);
    m_split = split;
    // Fitted when the splitter itself gets its new height: the stage's resize comes first, while the splitter still
    // has its old one, and a split set then was scaled up with it (a two-lane Gantt got half the page).
    split->installEventFilter(this);
    pageLayout->addWidget(split, 1);
    auto* timelineBox = new QWidget(split);
    auto* timelineLayout = new QVBoxLayout(timelineBox);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    timelineLayout->setSpacing(0);
    m_timeline = new views::TimelineView(timelineBox);
    timelineLayout->addWidget(m_timeline, 1);
    // What the colours, the red tails and the hatching mean, under the Gantt chart.
    m_timelineLegend = m_timeline->legend(timelineBox);
    timelineLayout->addWidget(m_timelineLegend);
    split->addWidget(timelineBox);
    auto* bottom = new QSplitter(Qt::Horizontal, split);
    m_tabs = new QTabWidget(bottom);
    m_metrics = new views::MetricsModel(this);
    m_metricsTable = makeTable(m_tabs);
    m_metricsTable->setModel(m_metrics);
    m_events = new views::EventModel(this);
    m_eventsProxy = new QSortFilterProxyModel(this);
    m_eventsProxy->setSourceModel(m_events);
    m_eventsProxy->setSortRole(views::EventModel::RawValueRole);
    m_eventsProxy->setFilterKeyColumn(-1);
    m_eventsTable = makeTable(m_tabs);
    m_eventsTable->setModel(m_eventsProxy);
    // The events come in lane and time order; they are sorted only once a header is clicked, so opening a
    // 55,000-event scenario does not sort them on the UI thread first.
    m_eventsTable->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_eventsTable->setSortingEnabled(true);
    m_tabs->addTab(m_metricsTable, QString());
    m_tabs->addTab(m_eventsTable, QString());
    m_eventPanel = new QTextBrowser(bottom);
    m_eventPanel->setOpenLinks(false);
    bottom->addWidget(m_tabs);
    bottom->addWidget(m_eventPanel);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    m_stack->addWidget(timelinePage);

    buildCharts();
    m_stack->addWidget(m_chartsPage);

    connect(m_form, &ScenarioForm::scenarioEdited, this,
        [this](const model::Scenario& scenario) { m_controller->setScenario(scenario); });
    // A refused example is reported like any file (TrainingController::openRefused, shown by the window).
    connect(m_form, &ScenarioForm::exampleChosen, this, &TrainingStage::openScenario);
    connect(m_controller, &TrainingController::simulated, this, &TrainingStage::showSimulation);
    connect(m_controller, &TrainingController::problemsChanged, this, &TrainingStage::problemsChanged);
    connect(m_controller, &TrainingController::scenarioOpened, this,
        [this](const model::Scenario& scenario, const QString& path) {
            m_form->setScenario(scenario);
            m_path = path;
            emit message(tr("Opened %1").arg(QDir::toNativeSeparators(path)), false);
        });
    connect(m_controller, &TrainingController::sweepReady, this,
        [this](model::SweepParameter, const std::vector<model::SweepPoint>& points, double current) {
            m_sweep->setSweep(m_sweepParameter->currentText(), points, true, current);
        });
    connect(m_timeline, &views::TimelineView::eventSelected, this, &TrainingStage::selectEvent);
    connect(m_eventsTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            if (!current.isValid())
                return;
            const int row = m_eventsProxy->mapToSource(current).row();
            if (row != m_selected) {
                m_timeline->setSelectedEvent(row);
                selectEvent(row);
            }
        });

    retranslate();
    loadInitialScenario();
}

TrainingStage::~TrainingStage()
{
    if (m_form && !m_form->parent())
        delete m_form;
}

void TrainingStage::loadInitialScenario()
{
    // The opening scene is simulated on this thread so the first frame already shows it.
    m_controller->setSynchronous(true);
    const QString dir = ScenarioForm::scenarioDirectory();
    model::Problems problems = {};
    if (!dir.isEmpty())
        problems = openScenario(QDir(dir).filePath(QStringLiteral("default.json")));
    if (dir.isEmpty() || !problems.empty()) {
        model::Scenario fallback;
        fallback.parallel.dp = 8;
        fallback.batch.microBatchSize = 8;
        m_form->setScenario(fallback);
        m_controller->setScenario(fallback);
    }
    m_controller->setSynchronous(false);
}

void TrainingStage::setScenario(const model::Scenario& scenario)
{
    m_form->setScenario(scenario);
    m_controller->setScenario(scenario);
    m_path.clear();
    emit message(tr("Opened layout %1").arg(views::toQString(scenario.name)), false);
}

void TrainingStage::setSynchronous(bool synchronous)
{
    m_controller->setSynchronous(synchronous);
}

void TrainingStage::showView(View view)
{
    m_view = view;
    m_stack->setCurrentIndex(view == View::Timeline ? 0 : 1);
    if (view == View::Charts && m_sweep->points().empty())
        updateSweep();
}

model::Problems TrainingStage::openScenario(const QString& path)
{
    return m_controller->openScenario(path);
}

bool TrainingStage::saveScenario(const QString& path, QString* error)
{
    const model::Problems problems = model::saveScenario(m_form->scenario(), path.toStdString());
    if (!problems.empty()) {
        if (error)
            *error = views::problemsText(problems);
        return false;
    }
    m_path = path;
    return true;
}

bool TrainingStage::exportTrace(const QString& path, QString* error)
{
    const auto& sim = m_controller->simulation();
    const auto problems = model::writeTextFile(path.toStdString(), model::chromeTraceText(sim.timeline, &sim.metrics));
    if (!problems.empty() && error)
        *error = views::problemsText(problems);
    return problems.empty();
}

bool TrainingStage::exportCsv(const QString& path, QString* error)
{
    const auto problems
        = model::writeTextFile(path.toStdString(), model::eventsCsv(m_controller->simulation().timeline));
    if (!problems.empty() && error)
        *error = views::problemsText(problems);
    return problems.empty();
}

double TrainingStage::duration() const
{
    return m_controller->simulation().timeline.duration;
}

void TrainingStage::setTime(double t)
{
    m_timeline->setTime(t);
    emit explanationChanged(explanation());
}

double TrainingStage::time() const
{
    return m_timeline->time();
}

std::vector<double> TrainingStage::stops() const
{
    std::vector<double> starts;
    for (const auto& e : m_timeline->timeline().events)
        starts.push_back(e.start);
    return starts;
}

double TrainingStage::naturalRate() const
{
    // Playing the whole step takes about ten seconds at 1×, whatever its simulated length.
    const double d = duration();
    return d > 0 ? d / 10 : 1;
}

QWidget* TrainingStage::parameterPanel()
{
    return m_form;
}

QString TrainingStage::selectedEventText() const
{
    return m_eventPanel->toPlainText();
}

void TrainingStage::showSimulation(const model::Simulation& sim)
{
    problemsChanged({});
    const auto timeline = std::make_shared<const model::Timeline>(sim.timeline); // one copy for both views
    m_timeline->setTimeline(timeline);
    fitRowHeader(m_eventsTable, timeline->events.size());
    m_events->setTimeline(timeline);
    m_metrics->setMetrics(sim.metrics);
    m_metricsTable->resizeColumnToContents(0);
    std::vector<views::BreakdownChart::Bar> bars;
    if (const auto& previous = m_controller->previousMetrics())
        bars.push_back({ tr("before the edit"), *previous });
    bars.push_back({ tr("now"), sim.metrics });
    m_breakdown->setBars(std::move(bars));
    m_bandwidth->setRequest(m_controller->dpBucketRequest());

    fitTimelineHeight();

    m_selected = m_timeline->selectedEvent();
    selectEvent(m_selected);
    if (m_stack->currentIndex() == 1)
        updateSweep();
    else
        m_sweep->setPending(m_sweepParameter->currentText()); // swept when the charts are shown
    // Always: the events (the playback's stops) change even when the step's length does not.
    emit durationChanged(sim.timeline.duration);
    emit explanationChanged(explanation());
}

void TrainingStage::problemsChanged(const model::Problems& problems)
{
    m_form->showProblems(problems);
    if (problems.empty()) {
        m_banner->setVisible(false);
        return;
    }
    m_banner->setText(
        tr("%n problem(s): %1 — showing the last scenario that worked.", nullptr, static_cast<int>(problems.size()))
            .arg(views::problemText(problems.front())));
    m_banner->setVisible(true);
}

void TrainingStage::selectEvent(int index)
{
    m_selected = index;
    if (index < 0) {
        m_eventPanel->setHtml(QStringLiteral("<p style='color:gray'>%1</p>")
                                  .arg(tr("Click an event in the timeline to see its details and, for a collective, "
                                          "its cost formula.")));
        return;
    }
    QString html = QStringLiteral("<p>%1</p>").arg(m_timeline->describeEvent(index));
    const QString formula = m_controller->costFormula(index);
    if (!formula.isEmpty())
        html += QStringLiteral("<p><b>%1</b></p><p style='white-space:pre-wrap; font-family:monospace'>%2</p>")
                    .arg(tr("Cost model"), formula.toHtmlEscaped());
    m_eventPanel->setHtml(html);
    const QModelIndex source = m_events->index(index, 0);
    const QModelIndex row = m_eventsProxy->mapFromSource(source);
    if (row.isValid() && m_eventsTable->currentIndex().row() != row.row())
        m_eventsTable->setCurrentIndex(row);
}

ExportCaption TrainingStage::exportCaption() const
{
    const model::Scenario& s = m_controller->scenario();
    const model::StepMetrics& m = m_controller->simulation().metrics;
    ExportCaption c;
    c.title = views::toQString(s.name);
    c.parameters = tr("%1 × %2 nodes · DP %3 · TP %4 · PP %5 · EP %6 · ZeRO %7 · step %8 · MFU %9")
                       .arg(views::presetName(views::toQString(s.hardware.preset)))
                       .arg(s.hardware.nodes)
                       .arg(s.parallel.dp)
                       .arg(s.parallel.tp)
                       .arg(s.parallel.pp)
                       .arg(s.parallel.ep)
                       .arg(s.parallel.zeroStage)
                       .arg(secondsText(m.stepSeconds), percentText(m.mfu));
    if (s.parallel.cp > 1)
        c.parameters += tr(" · CP %1").arg(s.parallel.cp);
    c.fileStem = m_path.isEmpty() ? QStringLiteral("training-step") : QFileInfo(m_path).completeBaseName();
    return c;
}

QString TrainingStage::explanation() const
{
    if (!m_controller->hasSimulation())
        return tr("<p>No scenario has simulated yet.</p>");
    const auto& s = m_controller->goodScenario();
    const auto& m = m_controller->simulation().metrics;
    const QString description = views::toQString(s.description);
    QString html = QStringLiteral("<h3>%1</h3>").arg(views::toQString(s.name).toHtmlEscaped());
    if (!description.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(description.toHtmlEscaped());
    html += tr("<p>One step takes <b>%1</b>: compute %2, communication %3 of which <b>%4</b> is exposed "
               "(overlap %5). Pipeline bubble %6, MFU %7.</p>")
                .arg(secondsText(m.stepSeconds), secondsText(m.computeSeconds), secondsText(m.commSeconds),
                    secondsText(m.exposedCommSeconds), percentText(m.overlapHta), percentText(m.bubbleFraction),
                    percentText(m.mfu));
    // What the critical stage is doing at the cursor.
    const auto& timeline = m_controller->simulation().timeline;
    const model::Frame frame = model::frameAt(timeline, m_timeline->time());
    QStringList running;
    for (const auto& lane : frame.lanes)
        if (lane.event >= 0 && timeline.lanes[static_cast<size_t>(lane.lane)].stage == m.criticalStage)
            running << QStringLiteral("%1: %2")
                           .arg(views::laneName(timeline.lanes[static_cast<size_t>(lane.lane)]),
                               views::eventLabel(timeline.events[static_cast<size_t>(lane.event)].label))
                           .toHtmlEscaped();
    html += tr("<p>At t = %1 on stage %2: %3</p>")
                .arg(secondsText(frame.t))
                .arg(m.criticalStage)
                .arg(running.isEmpty() ? tr("idle") : running.join(QStringLiteral("; ")));
    return html;
}

void TrainingStage::fitTimelineHeight()
{
    // Give the Gantt chart the rows it needs (a few lanes need little height) and the rest to the panels; again
    // on every resize, so a two-lane scenario never leaves most of the canvas empty.
    const int total = m_split->height() > 0 ? m_split->height() : height();
    const int legend
        = m_timelineLegend->isVisibleTo(this) ? m_timelineLegend->heightForWidth(std::max(200, m_split->width())) : 0;
    const int wanted = static_cast<int>(views::TimelineLayout::kRulerHeight
        + views::TimeAxis::kMaxLaneHeight * static_cast<double>(m_timeline->timeline().lanes.size()) + 8 + legend);
    const int top = std::clamp(wanted, 100, std::max(100, total * 7 / 10));
    m_split->setSizes({ top, std::max(120, total - top) });
}

bool TrainingStage::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_split && event->type() == QEvent::Resize)
        fitTimelineHeight();
    return Stage::eventFilter(watched, event);
}

void TrainingStage::buildCharts()
{
    m_chartsPage = new QWidget(m_stack);
    auto* grid = new QGridLayout(m_chartsPage);
    grid->setContentsMargins(4, 4, 4, 4);
    m_bandwidth = new views::BandwidthChart(m_chartsPage);
    m_breakdown = new views::BreakdownChart(m_chartsPage);
    m_sweep = new views::SweepChart(m_chartsPage);
    // The sweep's two choices sit in one row across both lower charts, so each box shows its items whole.
    auto* pick = new QHBoxLayout;
    m_sweepLabel = new QLabel(m_chartsPage);
    m_sweepParameter = new QComboBox(m_chartsPage);
    m_sweepParameter->setObjectName(QStringLiteral("sweepParameter"));
    for (int i = 0; i < 3; ++i)
        m_sweepParameter->addItem(QString(), i);
    pick->addWidget(m_sweepLabel);
    pick->addWidget(m_sweepParameter, 2);
    pick->addSpacing(12);
    m_sweepQuantityLabel = new QLabel(m_chartsPage);
    m_sweepQuantity = new QComboBox(m_chartsPage);
    m_sweepQuantity->setObjectName(QStringLiteral("sweepQuantity"));
    for (const auto quantity : views::SweepChart::kQuantities)
        m_sweepQuantity->addItem(QString(), static_cast<int>(quantity));
    pick->addWidget(m_sweepQuantityLabel);
    pick->addWidget(m_sweepQuantity, 3);
    // Narrower than their text (a small window) the boxes elide, and their lists still show the choices whole: the
    // row never widens the page.
    for (QComboBox* box : { m_sweepParameter, m_sweepQuantity }) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(10);
    }
    grid->addWidget(m_bandwidth, 0, 0, 1, 2);
    grid->addLayout(pick, 1, 0, 1, 2);
    grid->addWidget(m_breakdown, 2, 0);
    grid->addWidget(m_sweep, 2, 1);
    grid->setRowStretch(0, 1);
    grid->setRowStretch(2, 1);
    // The breakdown is one bar; the sweep has a curve and a size axis to label: it gets the larger share.
    grid->setColumnStretch(0, 2);
    grid->setColumnStretch(1, 3);
    connect(m_sweepParameter, &QComboBox::currentIndexChanged, this, &TrainingStage::updateSweep);
    // The same points, another figure: no new sweep.
    connect(m_sweepQuantity, &QComboBox::currentIndexChanged, this, [this] {
        m_sweep->setQuantity(static_cast<views::SweepChart::Quantity>(m_sweepQuantity->currentData().toInt()));
    });
}

void TrainingStage::updateSweep()
{
    m_sweep->setPending(m_sweepParameter->currentText());
    m_controller->requestSweep(static_cast<model::SweepParameter>(m_sweepParameter->currentData().toInt()));
}

void TrainingStage::setColors(const views::Palette& palette)
{
    m_timeline->setColors(palette);
    m_bandwidth->setColors(palette);
    m_breakdown->setColors(palette);
    m_sweep->setColors(palette);
}

void TrainingStage::retranslate()
{
    m_tabs->setTabText(0, tr("Step breakdown"));
    m_tabs->setTabText(1, tr("Events"));
    m_tabs->setTabToolTip(0, tr("The figures of one simulated step; hover a row for its definition"));
    m_tabs->setTabToolTip(1, tr("Every event of the step; click a column header to sort"));
    m_metricsTable->setToolTip(tr("Figures of the simulated step"));
    m_eventsTable->setToolTip(tr("Every event of the simulated step; selecting one selects it in the timeline"));
    m_eventPanel->setToolTip(tr("Details of the selected event and, for a collective, the cost model's formula"));
    m_banner->setToolTip(tr("The current form values cannot run; fix the fields marked in the form"));
    m_sweepLabel->setText(tr("Sweep over"));
    m_sweepQuantityLabel->setText(tr("Show"));
    m_sweepQuantity->setToolTip(tr("The figure of the step the sweep chart draws"));
    for (int i = 0; i < m_sweepQuantity->count(); ++i)
        m_sweepQuantity->setItemText(i,
            views::SweepChart::quantityName(
                static_cast<views::SweepChart::Quantity>(m_sweepQuantity->itemData(i).toInt())));
    m_sweepParameter->setToolTip(tr("The scenario parameter the sweep chart varies"));
    m_sweepParameter->setItemText(0, tr("bucket size (MiB)"));
    m_sweepParameter->setItemText(1, tr("micro-batches"));
    m_sweepParameter->setItemText(2, tr("DP size (GPUs scale with it)"));
    m_metrics->retranslate();
    m_form->retranslate();
    m_form->showProblems(m_controller->problems());
    m_bandwidth->retranslate();
    m_breakdown->retranslate();
    m_sweep->retranslate();
    m_timeline->update();
    selectEvent(m_selected);
    emit explanationChanged(explanation());
}

} // namespace tutor::app
