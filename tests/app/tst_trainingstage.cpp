// SPDX-License-Identifier: MIT
// TrainingStage: opening a malformed scenario shows the validation messages and keeps the previous scenario;
// opening a good one replaces it; form edits re-simulate; the selected collective shows its cost formula;
// save and exports write files.
#include "app/gui/training/scenarioform.h"
#include "app/gui/training/trainingcontroller.h"
#include "app/gui/training/trainingstage.h"
#include "model/sim/scenarioio.h"
#include "views/charts/sweepchart.h"
#include "views/eventmodel.h"
#include "views/text.h"
#include "views/timelineview.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QPointer>
#include <QScatterSeries>
#include <QSet>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace tutor;
using app::TrainingStage;

namespace {
QString scenarioFile(const char* name)
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR") + QStringLiteral("/assets/scenarios/") + QLatin1String(name);
}
// The events table: the stage's one table behind a sort proxy.
QTableView* eventsTable(const TrainingStage& stage)
{
    for (auto* view : stage.findChildren<QTableView*>())
        if (qobject_cast<QSortFilterProxyModel*>(view->model()))
            return view;
    return nullptr;
}
// The form's field of type Widget whose tooltip says `words` (a Megatron-LM flag, a config key, a phrase).
template <class Widget> Widget* fieldFor(TrainingStage& stage, const char* words)
{
    Widget* field = nullptr;
    for (auto* w : stage.form()->findChildren<Widget*>())
        if (w->toolTip().contains(QLatin1String(words)))
            field = w;
    return field;
}
} // namespace

class TstTrainingStage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        qputenv("TUTOR_SCENARIO_DIR", (qEnvironmentVariable("TUTOR_SOURCE_DIR") + "/assets/scenarios").toUtf8());
    }

    void opensTheDefaultScenario()
    {
        TrainingStage stage;
        QVERIFY(stage.controller()->hasSimulation());
        QVERIFY(stage.duration() > 0);
        QVERIFY(!stage.timelineView()->timeline().events.empty());
        QVERIFY(stage.form()->examples().size() >= 2);
        QVERIFY(stage.explanation().contains(views::toQString(stage.controller()->goodScenario().name)));
    }

    void malformedScenarioKeepsThePrevious_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("malformed JSON names file and line") << "training-malformed.json"
                                                            << "training-malformed.json:4";
        QTest::newRow("tp that does not divide the heads") << "training-bad-tp.json"
                                                           << "parallel.tp";
        QTest::newRow("unknown key") << "training-unknown-key.json"
                                     << "parallel.tensor_parallel";
        QTest::newRow("negative bucket") << "training-negative-bucket.json"
                                         << "comm.bucket_MiB";
        QTest::newRow("missing file") << "no-such-scenario.json"
                                      << "no-such-scenario.json";
    }
    void malformedScenarioKeepsThePrevious()
    {
        QFETCH(QString, file);
        QFETCH(QString, fragment);
        TrainingStage stage;
        stage.setSynchronous(true);
        const model::Timeline before = stage.timelineView()->timeline();
        const model::Scenario scenarioBefore = stage.controller()->goodScenario();
        const QString path = file.startsWith("no-such") ? file : QFINDTESTDATA("data/" + file);
        QVERIFY(!path.isEmpty());
        const model::Problems problems = stage.openScenario(path);
        QVERIFY(!problems.empty());
        QVERIFY2(stage.form()->problemsText().contains(fragment), qPrintable(stage.form()->problemsText()));
        QVERIFY(QString::fromStdString(model::toText(problems)).contains(fragment));
        QVERIFY(stage.timelineView()->timeline() == before);
        QVERIFY(stage.controller()->goodScenario() == scenarioBefore);
        QVERIFY(stage.form()->scenario() == scenarioBefore);
        const auto banner = stage.findChildren<QLabel*>();
        QVERIFY(std::any_of(
            banner.begin(), banner.end(), [&](QLabel* l) { return !l->isHidden() && l->text().contains(fragment); }));
    }

    void goodScenarioReplacesTheTimeline()
    {
        TrainingStage stage;
        QSignalSpy duration(&stage, &app::Stage::durationChanged);
        const double before = stage.duration();
        QVERIFY(stage.openScenario(scenarioFile("pipeline-1f1b.json")).empty());
        QVERIFY(stage.duration() != before);
        QCOMPARE(duration.count(), 1);
        QVERIFY(stage.form()->problemsText().isEmpty());
        QCOMPARE(stage.scenarioPath(), scenarioFile("pipeline-1f1b.json"));
    }

    // The events table lists a new scenario in the simulator's order (lane, then time) and sorts only when a header
    // is clicked: sorting 55,000 translated labels held the window for over a second on every open.
    void eventsTableSortsOnlyWhenAsked()
    {
        TrainingStage stage;
        QVERIFY(stage.openScenario(scenarioFile("pipeline-1f1b.json")).empty());
        QTableView* table = eventsTable(stage);
        QVERIFY(table);
        auto* proxy = static_cast<QSortFilterProxyModel*>(table->model());
        QCOMPARE(proxy->sortColumn(), -1);
        QVERIFY(proxy->rowCount() > 10);
        for (int row = 0; row < proxy->rowCount(); ++row)
            QCOMPARE(proxy->mapToSource(proxy->index(row, 0)).row(), row);
        // A click on Start sorts by time across lanes: starts never decrease down the table.
        table->sortByColumn(views::EventModel::Start, Qt::AscendingOrder);
        double previous = -1;
        for (int row = 0; row < proxy->rowCount(); ++row) {
            const double start
                = proxy->data(proxy->index(row, views::EventModel::Start), views::EventModel::RawValueRole).toDouble();
            QVERIFY(start >= previous);
            previous = start;
        }
    }

    // Qt keeps the capacity of a header's section list through a model reset (16 bytes a row), so the events table's
    // hidden row header would hold the largest step ever shown: a step with far fewer events gets a fresh header,
    // hidden, with the row height it had, and the table still selects events. An equally large step keeps it.
    void eventsTableLetsGoOfALargeStep()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        QTableView* table = eventsTable(stage);
        QVERIFY(table);
        auto* proxy = static_cast<QSortFilterProxyModel*>(table->model());
        QVERIFY(stage.openScenario(scenarioFile("gpt175b-3d-1024.json")).empty());
        const int largeRows = proxy->rowCount();
        QPointer<QHeaderView> large = table->verticalHeader();
        QCOMPARE(large->count(), largeRows);
        QVERIFY(largeRows > (1 << 14)); // what the table keeps at most without a fresh header
        large->setDefaultSectionSize(31); // as presenter mode sets it

        QVERIFY(stage.openScenario(scenarioFile("ddp-overlap.json")).empty());
        const int smallRows = proxy->rowCount();
        QVERIFY(smallRows > 0 && 4 * smallRows < largeRows);
        QVERIFY(large.isNull()); // deleted, with its sections
        QHeaderView* header = table->verticalHeader();
        QCOMPARE(header->count(), smallRows);
        QVERIFY(header->isHidden());
        QCOMPARE(header->defaultSectionSize(), 31);
        QCOMPARE(table->rowHeight(smallRows - 1), 31);
        const int row = smallRows / 2;
        table->setCurrentIndex(proxy->index(row, 0));
        QCOMPARE(stage.timelineView()->selectedEvent(), proxy->mapToSource(proxy->index(row, 0)).row());

        QVERIFY(stage.openScenario(scenarioFile("gpt175b-3d-1024.json")).empty());
        QVERIFY(stage.openScenario(scenarioFile("gpt175b-3d-1024.json")).empty());
        QCOMPARE(table->verticalHeader(), header);
        QCOMPARE(header->count(), largeRows);
    }

    void formEditResimulates()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        model::Scenario edited = stage.form()->scenario();
        edited.comm.overlap = !edited.comm.overlap;
        const model::Timeline before = stage.timelineView()->timeline();
        emit stage.form()->scenarioEdited(edited);
        QVERIFY(stage.controller()->goodScenario() == edited);
        QVERIFY(!(stage.timelineView()->timeline() == before));
        // An invalid edit keeps the timeline and shows the problem.
        model::Scenario bad = edited;
        bad.parallel.tp = 5;
        emit stage.form()->scenarioEdited(bad);
        QVERIFY(stage.controller()->goodScenario() == edited);
        QVERIFY(stage.form()->problemsText().contains("parallel.tp"));
    }

    // Megatron's two overlaps are form fields: a click edits the scenario and the edit resimulates (TP
    // collectives hidden behind GEMMs shorten a sequence-parallel step).
    void megatronOverlapsAreFormFields()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        model::Scenario s = stage.form()->scenario();
        s.hardware.nodes = 1;
        s.hardware.gpusPerNode = 8;
        s.parallel = { .dp = 4, .tp = 2, .pp = 1, .sp = true, .zeroStage = 1 };
        s.batch.microBatches = 2;
        s.batch.globalBatch = 0;
        stage.form()->setScenario(s);
        emit stage.form()->scenarioEdited(s);
        QVERIFY2(stage.controller()->goodScenario() == s, qPrintable(stage.form()->problemsText()));
        const double before = stage.controller()->simulation().metrics.stepSeconds;
        // Each box is known by the Megatron-LM flag its tooltip names.
        const auto boxFor = [&](const char* flag) { return fieldFor<QCheckBox>(stage, flag); };
        for (const char* label : { "--tp-comm-overlap", "--overlap-param-gather" }) {
            QCheckBox* box = boxFor(label);
            QVERIFY2(box, label);
            QVERIFY(!box->isChecked());
            box->click();
        }
        const auto& edited = stage.controller()->goodScenario();
        QVERIFY(edited.comm.tpOverlap);
        QVERIFY(edited.comm.overlapParamGather);
        QVERIFY(stage.controller()->simulation().metrics.stepSeconds < before);
        // Loading a scenario shows its settings.
        stage.form()->setScenario(s);
        QVERIFY(!boxFor("--tp-comm-overlap")->isChecked());
        QVERIFY(!boxFor("--overlap-param-gather")->isChecked());
    }

    // The attention kernel is a form field with every kernel the model knows: picking llm-foundry's Triton
    // FlashAttention (a share of FlashAttention-2's rate) over cuDNN's lengthens the step, and loading shows it.
    void attentionKernelIsAFormField()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        model::Scenario s = stage.form()->scenario();
        s.compute.attentionKernel = model::AttentionKernel::Cudnn;
        stage.form()->setScenario(s);
        emit stage.form()->scenarioEdited(s);
        QVERIFY2(stage.controller()->goodScenario() == s, qPrintable(stage.form()->problemsText()));
        const double cudnn = stage.controller()->simulation().metrics.stepSeconds;
        auto* combo = fieldFor<QComboBox>(stage, "Triton FlashAttention");
        QVERIFY(combo);
        QCOMPARE(combo->count(), 3);
        const int triton = combo->findData(static_cast<int>(model::AttentionKernel::Triton));
        QVERIFY(triton >= 0);
        combo->setCurrentIndex(triton);
        QCOMPARE(stage.controller()->goodScenario().compute.attentionKernel, model::AttentionKernel::Triton);
        QVERIFY(stage.controller()->simulation().metrics.stepSeconds > cudnn);
        stage.form()->setScenario(s);
        QCOMPARE(combo->currentData().toInt(), static_cast<int>(model::AttentionKernel::Cudnn));
    }

    // A file's parallel.chunk_layers has no form field: it stays while the stages and layers fit it, gives way to the
    // even split when they do not, and comes back when they fit again.
    void fileLayoutKeptWhileItFits()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        model::Scenario s = stage.form()->scenario();
        s.hardware.nodes = 1;
        s.hardware.gpusPerNode = 8;
        s.model.layers = 10;
        s.parallel = { .dp = 4,
            .tp = 1,
            .pp = 2,
            .virtualStages = 2,
            .schedule = model::PipelineSchedule::Interleaved,
            .chunkLayers = { 1, 3, 2, 4 } };
        s.batch.microBatches = 4;
        s.batch.globalBatch = 0;
        stage.form()->setScenario(s);
        emit stage.form()->scenarioEdited(s);
        QVERIFY2(stage.controller()->goodScenario() == s, qPrintable(stage.form()->problemsText()));
        QSpinBox* chunks = fieldFor<QSpinBox>(stage, "Model chunks per pipeline stage");
        QVERIFY(chunks);
        chunks->setValue(4); // 8 chunks: the list of 4 no longer fits
        QVERIFY(stage.form()->scenario().parallel.chunkLayers.empty());
        QCOMPARE(stage.form()->scenario().parallel.virtualStages, 4);
        chunks->setValue(2);
        QCOMPARE(stage.controller()->goodScenario().parallel.chunkLayers, s.parallel.chunkLayers);
    }

    // DeepSeek-V3's own fields are form fields: the shipped scenario shows them, and an edit resimulates (no shared
    // expert: less work per MoE layer, a shorter step).
    void latentAttentionAndExpertFields()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        QVERIFY(stage.openScenario(scenarioFile("deepseek-v3-gb200.json")).empty());
        const auto spinFor = [&](const char* words) { return fieldFor<QSpinBox>(stage, words); };
        QSpinBox* kv = spinFor("key-value latent");
        QSpinBox* shared = spinFor("shared expert");
        QSpinBox* dense = spinFor("first_k_dense_replace");
        QVERIFY(kv && shared && dense && spinFor("routed expert") && spinFor("query latent"));
        QCOMPARE(kv->value(), 512);
        QCOMPARE(shared->value(), 2048);
        QCOMPARE(dense->value(), 3);
        const double before = stage.controller()->simulation().metrics.stepSeconds;
        shared->setValue(0);
        QCOMPARE(stage.controller()->goodScenario().model.moe.sharedExpertFfn, 0);
        QVERIFY(stage.controller()->simulation().metrics.stepSeconds < before);
        QCOMPARE(stage.controller()->goodScenario().parallel.chunkLayers.size(), std::size_t(16));
    }

    // The MoE expert-parallel overlap is a form field: on DeepSeek-V3's interleaved layout, a click hides the
    // steady-state dispatches and combines and the step shortens; a second click brings them back.
    void expertParallelOverlapIsAFormField()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        QVERIFY(stage.openScenario(scenarioFile("deepseek-v3-gb200.json")).empty());
        QCheckBox* box = fieldFor<QCheckBox>(stage, "--overlap-moe-expert-parallel-comm");
        QVERIFY(box);
        QVERIFY(!box->isChecked());
        const auto& before = stage.controller()->simulation().metrics;
        const double step = before.stepSeconds;
        const double exposed = before.dimension(model::LaneKind::EpComm).exposedSeconds;
        QVERIFY(exposed > 0);
        box->click();
        QVERIFY(stage.controller()->goodScenario().comm.moeEpOverlap);
        const auto& after = stage.controller()->simulation().metrics;
        QVERIFY(after.dimension(model::LaneKind::EpComm).exposedSeconds < exposed / 2);
        QVERIFY(after.stepSeconds < step);
        box->click();
        QVERIFY(!stage.controller()->goodScenario().comm.moeEpOverlap);
        QCOMPARE(stage.controller()->simulation().metrics.stepSeconds, step);
    }

    // Expert tensor parallelism is a form field ("as TP" by default): on the Mixtral-style scenario (TP 4, EP 8 on
    // 4 nodes, so an EP group takes every fourth GPU) etp 1 keeps every expert whole, so an EP group is one node's 8
    // GPUs and the MoE blocks lose their TP collectives; the step shortens. A value that does not divide TP is named
    // and the last good scenario stays.
    void expertTensorParallelIsAFormField()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        QVERIFY(stage.openScenario(scenarioFile("moe-ep.json")).empty());
        QSpinBox* etp = fieldFor<QSpinBox>(stage, "--expert-tensor-parallel-size");
        QVERIFY(etp);
        QCOMPARE(etp->value(), 0);
        QCOMPARE(etp->text(), etp->specialValueText());
        const auto epLabel = [&] {
            const auto& timeline = stage.controller()->simulation().timeline;
            for (const auto& e : timeline.events)
                if (timeline.lanes[e.lane].kind == model::LaneKind::EpComm)
                    return QString::fromStdString(timeline.groupLabel(e));
            return QString();
        };
        QVERIFY2(epLabel().contains(QLatin1String("4 nodes")), qPrintable(epLabel())); // every 4th GPU

        const double before = stage.controller()->simulation().metrics.stepSeconds;
        etp->setValue(1);
        QCOMPARE(stage.controller()->goodScenario().parallel.etp, 1);
        QVERIFY2(!epLabel().contains(QLatin1String("nodes")), qPrintable(epLabel()));
        QVERIFY(stage.controller()->simulation().metrics.stepSeconds < before);
        etp->setValue(3);
        QVERIFY(stage.form()->problemsText().contains(QLatin1String("parallel.etp")));
        QCOMPARE(stage.controller()->goodScenario().parallel.etp, 1);
    }

    void backgroundSimulationDropsStaleResults()
    {
        TrainingStage stage;
        auto* controller = stage.controller();
        controller->setSynchronous(false);
        model::Scenario a = controller->goodScenario();
        model::Scenario b = a;
        b.comm.bucketMiB = 5;
        model::Scenario c = a;
        c.comm.bucketMiB = 100;
        controller->setScenario(b);
        controller->setScenario(c);
        controller->waitForIdle();
        QVERIFY(controller->goodScenario() == c);
    }

    void selectedCollectiveShowsItsFormula()
    {
        TrainingStage stage;
        const auto& events = stage.timelineView()->timeline().events;
        const auto it = std::find_if(
            events.begin(), events.end(), [](const model::Event& e) { return e.collective.has_value(); });
        QVERIFY(it != events.end());
        const int index = static_cast<int>(it - events.begin());
        emit stage.timelineView()->eventSelected(index);
        const QString formula = stage.controller()->costFormula(index);
        QVERIFY(!formula.isEmpty());
        QVERIFY2(stage.selectedEventText().contains(formula.left(20)), qPrintable(stage.selectedEventText()));
        QVERIFY(stage.selectedEventText().contains(QString::fromStdString(it->label)));
    }

    void saveAndExport()
    {
        TrainingStage stage;
        QTemporaryDir dir;
        QString error;
        QVERIFY(stage.saveScenario(dir.filePath("saved.json"), &error));
        const auto reloaded = model::loadScenario(dir.filePath("saved.json").toStdString());
        QVERIFY(reloaded.ok());
        QVERIFY(*reloaded == stage.form()->scenario());
        QVERIFY(stage.exportTrace(dir.filePath("trace.json"), &error));
        QVERIFY(stage.exportCsv(dir.filePath("events.csv"), &error));
        QFile csv(dir.filePath("events.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().count('\n'), static_cast<qsizetype>(stage.timelineView()->timeline().events.size() + 1));
        QVERIFY(!stage.exportCsv(dir.filePath("no/such/dir/events.csv"), &error));
        QVERIFY(!error.isEmpty());
    }

    void chartsViewFillsTheCharts()
    {
        TrainingStage stage;
        stage.setSynchronous(true);
        stage.showView(TrainingStage::View::Charts);
        QCOMPARE(stage.currentView(), TrainingStage::View::Charts);
        stage.showView(TrainingStage::View::Timeline);
        QCOMPARE(stage.currentView(), TrainingStage::View::Timeline);
    }

    // Offscreen pictures of the stage for a person to look at: TUTOR_TRAINING_SCREENSHOTS=<dir>.
    void screenshots_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("default") << "default.json";
        QTest::newRow("pipeline") << "pipeline-1f1b.json";
        QTest::newRow("gpt175b") << "gpt175b-3d-1024.json";
    }
    void screenshots()
    {
        QFETCH(QString, scenario);
        // Written to TUTOR_TRAINING_SCREENSHOTS when set (to look at them), else to a temporary folder; either
        // way each image must be the widget's size and show a drawing, not a blank page.
        QTemporaryDir temporary;
        QVERIFY(temporary.isValid());
        const QString dir = qEnvironmentVariableIsEmpty("TUTOR_TRAINING_SCREENSHOTS")
            ? temporary.path()
            : qEnvironmentVariable("TUTOR_TRAINING_SCREENSHOTS");
        const auto drawn = [](const QString& path, QSize size) {
            const QImage image(path);
            if (image.size() != size)
                return false;
            QSet<QRgb> colours;
            for (int y = 0; y < image.height(); y += 7)
                for (int x = 0; x < image.width(); x += 7)
                    colours.insert(image.pixel(x, y));
            return colours.size() >= 16; // text, lanes, axes and bars in several colours
        };
        TrainingStage stage;
        stage.setSynchronous(true);
        QVERIFY(stage.openScenario(scenarioFile(scenario.toUtf8().constData())).empty());
        stage.resize(1300, 850);
        stage.show();
        QVERIFY(QTest::qWaitForWindowExposed(&stage));
        stage.setTime(stage.duration() * 0.6);
        const auto& events = stage.timelineView()->timeline().events;
        const auto it = std::find_if(
            events.begin(), events.end(), [](const model::Event& e) { return e.collective.has_value(); });
        if (it != events.end()) {
            stage.timelineView()->setSelectedEvent(static_cast<int>(it - events.begin()));
            emit stage.timelineView()->eventSelected(static_cast<int>(it - events.begin()));
        }
        const QString base = dir + "/training-" + QFileInfo(scenario).completeBaseName();
        QVERIFY(stage.grab().save(base + "-timeline.png"));
        QVERIFY(drawn(base + "-timeline.png", stage.size()));
        stage.showView(TrainingStage::View::Charts);
        QCoreApplication::processEvents(); // Qt Charts lays out the new axes and titles on the next turn
        QVERIFY(stage.grab().save(base + "-charts.png"));
        QVERIFY(drawn(base + "-charts.png", stage.size()));
        // No ghost chart: each visible chart fills its view's viewport and is the only chart in its scene (a chart
        // still at its first, unlaid-out size is drawn small in the view's corner).
        int charts = 0;
        for (auto* view : stage.findChildren<QChartView*>()) {
            if (!view->isVisibleTo(&stage))
                continue;
            ++charts;
            const QSizeF size = view->chart()->size();
            const QSize viewport = view->viewport()->size();
            QVERIFY2(std::abs(size.width() - viewport.width()) <= 2 && std::abs(size.height() - viewport.height()) <= 2,
                qPrintable(QStringLiteral("%1: chart %2×%3 in a %4×%5 view")
                               .arg(view->chart()->title())
                               .arg(size.width())
                               .arg(size.height())
                               .arg(viewport.width())
                               .arg(viewport.height())));
            int inScene = 0;
            for (QGraphicsItem* item : view->scene()->items())
                inScene += dynamic_cast<QChart*>(item) != nullptr;
            QCOMPARE(inScene, 1);
        }
        QVERIFY(charts >= 2);
        // The sweep rings the scenario's own value on its curve.
        auto* sweep = stage.findChild<views::SweepChart*>();
        QVERIFY(sweep);
        QTRY_VERIFY(!sweep->points().empty());
        int rings = 0;
        for (auto* series : sweep->chart()->series())
            if (auto* scatter = qobject_cast<QScatterSeries*>(series))
                rings += static_cast<int>(scatter->count());
        QCOMPARE(rings, 1);
        QWidget* form = stage.parameterPanel();
        form->resize(380, 1200);
        QVERIFY(form->grab().save(base + "-form.png"));
        QVERIFY(drawn(base + "-form.png", form->size()));
        QVERIFY(stage.openScenario(QFINDTESTDATA("data/training-bad-tp.json")).size() > 0);
        QVERIFY(form->grab().save(base + "-form-problems.png"));
        stage.showView(TrainingStage::View::Timeline);
        QVERIFY(stage.grab().save(base + "-problems.png"));
    }
};

QTEST_MAIN(TstTrainingStage)
#include "tst_trainingstage.moc"
