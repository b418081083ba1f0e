// SPDX-License-Identifier: MIT
// The Collectives page's parameters: the algorithm list offers what the collective has (AllToAll has no ring) and
// greys out what the machine or rank count cannot run, with the reason; ranks that do not fit the preset's nodes are
// refused with the node count that would hold them, instead of a drawing of nodes that do not exist.
#include "app/gui/collectives/collectivespanel.h"
#include "app/gui/collectives/collectivesstage.h"
#include "app/gui/language.h"
#include "model/collectives/algorithm.h"
#include "model/collectives/costmodel.h"
#include "model/collectives/hardware.h"
#include "model/collectives/topology.h"

#include <QComboBox>
#include <QStandardItemModel>
#include <QTest>

using namespace tutor;

namespace {

QComboBox* algorithmBox(app::CollectivesPanel* panel)
{
    // The second combo box of the form (collective, algorithm, protocol, …).
    const auto boxes = panel->findChildren<QComboBox*>(QString(), Qt::FindDirectChildrenOnly);
    return boxes.value(1);
}

// The stage's parameters on a preset's machine of `ranks` GPUs over `nodes` nodes.
app::CollectivesParams onMachine(app::CollectivesStage& stage, const char* preset, int ranks, int nodes)
{
    app::CollectivesParams params = stage.controller()->params();
    params.presetId = preset;
    params.ranks = ranks;
    params.nodes = nodes;
    return params;
}
} // namespace

class TstCollectivesPanel : public QObject {
    Q_OBJECT
private slots:
    void offersTheCollectivesOwnAlgorithms()
    {
        app::CollectivesStage stage;
        auto* panel = qobject_cast<app::CollectivesPanel*>(stage.parameterPanel());
        QVERIFY(panel);
        for (const auto& info : model::collectives()) {
            app::CollectivesParams params = stage.controller()->params();
            params.op = info.op;
            panel->setParams(params);
            std::vector<model::Algorithm> expected { model::Algorithm::Auto };
            for (const model::Algorithm a : model::algorithmsFor(info.op))
                expected.push_back(a);
            QCOMPARE(panel->offeredAlgorithms(), expected);
        }
    }

    void switchingCollectiveDropsAnAlgorithmItLacks()
    {
        app::CollectivesStage stage;
        auto* panel = qobject_cast<app::CollectivesPanel*>(stage.parameterPanel());
        app::CollectivesParams params = stage.controller()->params();
        params.op = model::Collective::AllReduce;
        params.algorithm = model::Algorithm::Ring;
        panel->setParams(params);
        stage.controller()->setParams(panel->params());
        QCOMPARE(panel->params().algorithm, model::Algorithm::Ring);
        // Choosing AllToAll in the box (as a user does): ring is not an AllToAll algorithm, so auto is chosen and
        // the page shows a cost, not an error.
        auto* collective = panel->findChildren<QComboBox*>(QString(), Qt::FindDirectChildrenOnly).value(0);
        QVERIFY(collective);
        collective->setCurrentIndex(collective->findData(static_cast<int>(model::Collective::AllToAll)));
        QCOMPARE(panel->params().op, model::Collective::AllToAll);
        QCOMPARE(panel->params().algorithm, model::Algorithm::Auto);
        QCOMPARE(stage.controller()->params().algorithm, model::Algorithm::Auto);
        QVERIFY2(stage.controller()->result().cost.has_value(),
            model::toText(stage.controller()->result().problems).c_str());
        // Back to AllReduce: auto stays (the earlier choice is not remembered behind the user's back).
        collective->setCurrentIndex(collective->findData(static_cast<int>(model::Collective::AllReduce)));
        QCOMPARE(panel->params().algorithm, model::Algorithm::Auto);
    }

    void greysOutWhatTheMachineCannotRun_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("nodes");
        QTest::newRow("H100 node, 8 ranks") << "hgx-h100" << 8 << 1;
        QTest::newRow("PCIe without P2P, 2 ranks") << "pcie-nop2p" << 2 << 1;
        QTest::newRow("A100, 6 ranks (not a power of 2)") << "dgx-a100" << 6 << 1;
        QTest::newRow("H100, 4 nodes") << "hgx-h100" << 32 << 4;
    }
    void greysOutWhatTheMachineCannotRun()
    {
        QFETCH(QString, preset);
        QFETCH(int, ranks);
        QFETCH(int, nodes);
        app::CollectivesStage stage;
        auto* panel = qobject_cast<app::CollectivesPanel*>(stage.parameterPanel());
        app::CollectivesParams params = stage.controller()->params();
        params.presetId = preset.toStdString();
        params.ranks = ranks;
        params.nodes = nodes;
        params.algorithm = model::Algorithm::Auto;
        panel->setParams(params);
        stage.controller()->setParams(params);
        // Independently: each algorithm's request on this machine, validated by the model.
        const auto hw = model::findPreset(params.presetId);
        QVERIFY(hw);
        model::CollectiveRequest request;
        request.op = params.op;
        request.bytes = params.bytes;
        request.topology = model::makeTopology(*hw, nodes, ranks / nodes);
        auto* items = qobject_cast<QStandardItemModel*>(algorithmBox(panel)->model());
        QVERIFY(items);
        int greyed = 0;
        for (int i = 1; i < items->rowCount(); ++i) {
            request.algorithm = static_cast<model::Algorithm>(items->item(i)->data(Qt::UserRole).toInt());
            const model::Problems problems = model::validate(request);
            QCOMPARE(items->item(i)->isEnabled(), problems.empty());
            if (!problems.empty()) {
                ++greyed;
                QCOMPARE(items->item(i)->toolTip(), QString::fromStdString(problems.front().text()));
            }
        }
        QVERIFY(items->item(0)->isEnabled()); // auto is always there
        if (preset == QLatin1String("pcie-nop2p"))
            QVERIFY2(greyed > 0, "NVLS needs NVSwitch: a PCIe machine cannot run it");
    }

    // The live lab's calibrated profile is a choice in the hardware list; chosen, the prediction runs on its links
    // (a 12.5 GB/s link gives a ring AllReduce busbw below 12.5 GB/s, where the H100 preset gives hundreds).
    void calibratedProfileIsAHardwareChoice()
    {
        app::CollectivesStage stage;
        auto* panel = qobject_cast<app::CollectivesPanel*>(stage.parameterPanel());
        auto* hardware = panel->findChildren<QComboBox*>(QString(), Qt::FindDirectChildrenOnly).value(3);
        QVERIFY(hardware);
        const auto base = model::findPreset("hgx-h100");
        QVERIFY(base);
        model::HardwarePreset profile = *base;
        profile.id = app::CollectivesController::kCalibratedPresetId;
        profile.name = "this machine, 14:02";
        profile.intra.bandwidthGBps = 12.5;
        stage.setCalibratedProfile(profile, true);
        const int at = hardware->findData(QString::fromLatin1(app::CollectivesController::kCalibratedPresetId));
        QVERIFY(at >= 0);
        QCOMPARE(hardware->currentIndex(), at);
        QVERIFY(hardware->itemText(at).contains(QStringLiteral("this machine, 14:02")));
        const auto& result = stage.controller()->result();
        QVERIFY(result.topologyOk);
        QCOMPARE(result.topology.intra.bandwidthGBps, 12.5);
        QVERIFY(result.cost);
        QVERIFY2(result.cost->busBwGBps < 12.5, qPrintable(QString::number(result.cost->busBwGBps)));
        // Removed: the item goes and the page returns to the default preset.
        stage.setCalibratedProfile(std::nullopt, false);
        QCOMPARE(hardware->findData(QString::fromLatin1(app::CollectivesController::kCalibratedPresetId)), -1);
        QCOMPARE(stage.controller()->params().presetId, app::CollectivesParams {}.presetId);
        QVERIFY(stage.controller()->result().cost->busBwGBps > 100);
    }

    void refusesNodesThePresetDoesNotHave()
    {
        app::CollectivesStage stage;
        app::CollectivesParams params = onMachine(stage, "hgx-h100", 128, 8);
        stage.controller()->setParams(params);
        const auto& result = stage.controller()->result();
        QVERIFY(!result.topologyOk);
        const std::string text = model::toText(result.problems);
        QVERIFY2(text.find("use at least 16 nodes") != std::string::npos, text.c_str());
        // 16 nodes of 8 is the machine asked for.
        params.nodes = 16;
        stage.controller()->setParams(params);
        QVERIFY(stage.controller()->result().topologyOk);
        QCOMPARE(stage.controller()->result().topology.gpusPerNode, 8);
    }

    // "NCCL would pick X/Y here" names what the fabric's NCCL setup allows across nodes, built from its lists, in the
    // interface's language: A3 High's TCPX setup allows ring and Simple only; one node has no such tail.
    void autoPickNamesTheFabricsSetup()
    {
        app::Language language;
        QVERIFY(language.apply(QStringLiteral("en")));
        app::CollectivesStage stage;
        app::CollectivesParams params = onMachine(stage, "gcp-a3-high", 16, 2);
        stage.controller()->setParams(params);
        QVERIFY(stage.controller()->result().topologyOk);
        QString html = stage.readoutHtml();
        QVERIFY2(html.contains(QStringLiteral("allows only the Simple protocol (NCCL_PROTO)")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("allows only ring (NCCL_ALGO)")), qPrintable(html));
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        html = stage.readoutHtml();
        QVERIFY2(html.contains(QStringLiteral("只允许 Simple 协议（NCCL_PROTO）")), qPrintable(html));
        QVERIFY2(html.contains(QStringLiteral("只允许 ring（NCCL_ALGO）")), qPrintable(html));
        QVERIFY(language.apply(QStringLiteral("en")));
        params.ranks = 8;
        params.nodes = 1;
        stage.controller()->setParams(params);
        html = stage.readoutHtml();
        QVERIFY(html.contains(QStringLiteral("NCCL would pick")));
        QVERIFY2(!html.contains(QStringLiteral("allows only")), qPrintable(html));
    }

    // The formula's words for a fabric's own network costs come in the interface's language: a mid-size tree across
    // 64 Alps nodes pays for its chunks at each network step.
    void formulaNamesTheTreeChunkCost()
    {
        app::Language language;
        QVERIFY(language.apply(QStringLiteral("en")));
        app::CollectivesStage stage;
        app::CollectivesParams params = onMachine(stage, "alps-gh200", 256, 64);
        params.algorithm = model::Algorithm::DoubleBinaryTree;
        params.protocol = model::Protocol::Simple;
        params.bytes = 128 * model::MiB;
        stage.controller()->setParams(params);
        QVERIFY(stage.controller()->result().cost);
        QString html = stage.readoutHtml();
        QVERIFY2(html.contains(QStringLiteral("tree chunks across the network")), qPrintable(html));
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        html = stage.readoutHtml();
        QVERIFY2(html.contains(QStringLiteral("跨网络的树分块")), qPrintable(html));
        QVERIFY2(!html.contains(QStringLiteral("tree chunks across the network")), qPrintable(html));
        QVERIFY(language.apply(QStringLiteral("en")));
    }
};

QTEST_MAIN(TstCollectivesPanel)
#include "tst_collectivespanel.moc"
