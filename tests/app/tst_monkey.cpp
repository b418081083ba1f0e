// SPDX-License-Identifier: MIT
// A seeded random walk of user actions over every page of the main window (offscreen): page switches, parameter
// changes, playback, theme and language switches, opening, saving and exporting into a temporary folder, lesson
// steps and interview answers. It checks that no action throws or opens a modal dialog, that resident memory
// after the walk is within 10 % of before it (measured after a warm-up that touches every action once), and
// that no action keeps the UI thread busy for more than 100 ms (a QElapsedTimer around each action and the
// events it posts; language and theme switches included: the pages behind the one on show catch up when shown).
// TUTOR_MONKEY_ACTIONS sets the walk's length (default 60 per seed) for long runs; TUTOR_MONKEY_MAX_BLOCK_MS
// overrides the limit. To find what grows memory or blocks, TUTOR_MONKEY_ONLY=<kind>[,<kind>…] walks those kinds of
// action only, TUTOR_MONKEY_PAGE_A / TUTOR_MONKEY_PAGE_B make page switches alternate between two pages and
// TUTOR_MONKEY_EXIT_AFTER ends the process after the walk for a heap profiler (docs/HACKING.md);
// TUTOR_MONKEY_SLOW_MS and TUTOR_MONKEY_HEAP_STEP_KIB name the actions that took long or moved the heap.
#include "app/gui/collectives/collectivesstage.h"
#include "app/gui/lessons/interviewpage.h"
#include "app/gui/lessons/lessonstage.h"
#include "app/gui/mainwindow.h"
#include "app/gui/memory.h"
#include "app/gui/playback.h"
#include "app/gui/search/searchstage.h"
#include "app/gui/stage.h"
#include "app/gui/training/scenarioform.h" // TrainingStage::form() returns a QPointer to it
#include "app/gui/training/trainingcontroller.h"
#include "app/gui/training/trainingstage.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QHash>
#include <QMap>
#include <QPixmapCache>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QtTest>
#include <algorithm>
#include <functional>
#include <malloc.h>
#include <random>
#include <unistd.h>

using namespace tutor;
using app::MainWindow;
using app::Navigator;

namespace {
// What the application's event loop does between two user actions: handle the posted events, then delete the
// objects deleteLater() scheduled (Qt Charts frees its chart items that way). A test function runs outside any
// event loop, where processEvents() alone leaves deferred deletes queued and every rebuilt chart would look like
// a leak.
void settle()
{
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

// Bytes the allocator has handed out and not taken back: its arenas' blocks in use and its mmapped blocks.
std::size_t heapInUse()
{
    const auto m = ::mallinfo2();
    return m.uordblks + m.hblkhd;
}

qint64 residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLongLong() * ::sysconf(_SC_PAGESIZE) : 0;
}

// The resident set's anonymous and file-backed parts (kB in /proc/self/status), to tell heap from mapped files.
QString residentParts()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return {};
    QStringList parts;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("RssAnon:") || line.startsWith("RssFile:") || line.startsWith("RssShmem:"))
            parts << QString::fromLatin1(line.simplified());
    return parts.join(QStringLiteral(", "));
}

// Resident kB per mapped file ("[heap]", "[anon]" for the unnamed mappings) from /proc/self/smaps.
QHash<QString, qint64> residentByMapping()
{
    QHash<QString, qint64> kb;
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly))
        return kb;
    QString mapping;
    for (const QByteArray& line : smaps.readAll().split('\n')) {
        const QList<QByteArray> fields = line.simplified().split(' ');
        if (fields.size() >= 5 && fields[0].contains('-') && !fields[0].endsWith(':'))
            mapping = fields.size() >= 6 ? QString::fromUtf8(fields[5]) : QStringLiteral("[anon]");
        else if (fields.size() >= 2 && fields[0] == "Rss:")
            kb[mapping] += fields[1].toLongLong();
    }
    return kb;
}

int envInt(const char* name, int fallback)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v > 0 ? v : fallback;
}

// An index set in the environment (0 included), or −1.
int envIndex(const char* name)
{
    bool ok = false;
    const int v = qEnvironmentVariableIntValue(name, &ok);
    return ok && v >= 0 ? v : -1;
}

QString scenarioDir()
{
    const QString source = qEnvironmentVariable("TUTOR_SOURCE_DIR", QStringLiteral("."));
    return source + QStringLiteral("/assets/scenarios");
}

struct Walk {
    MainWindow& window;
    QTemporaryDir& dir;
    std::mt19937 rng;
    QStringList scenarios;
    int saved = 0;
    const int pageA = envIndex("TUTOR_MONKEY_PAGE_A"); // read once, not on every page switch
    const int pageB = envIndex("TUTOR_MONKEY_PAGE_B");

    int below(int n) { return n <= 1 ? 0 : std::uniform_int_distribution<int>(0, n - 1)(rng); }

    // One parameter control of the page on screen set to a random value in its range.
    QString changeParameter()
    {
        app::Stage* stage = window.currentStage();
        QWidget* panel = stage ? stage->parameterPanel() : nullptr;
        if (!panel)
            return QStringLiteral("parameter (no panel)");
        QList<QWidget*> controls;
        for (auto* w : panel->findChildren<QWidget*>())
            if (w->isEnabled()
                && (qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w) || qobject_cast<QCheckBox*>(w)
                    || qobject_cast<QSlider*>(w)))
                controls.push_back(w);
        if (controls.isEmpty())
            return QStringLiteral("parameter (none)");
        QWidget* w = controls[below(int(controls.size()))];
        if (auto* s = qobject_cast<QSpinBox*>(w))
            s->setValue(s->minimum() + below(std::min(s->maximum() - s->minimum(), 64) + 1));
        else if (auto* d = qobject_cast<QDoubleSpinBox*>(w))
            d->setValue(d->minimum() + (d->maximum() - d->minimum()) * below(1001) / 1000.0);
        else if (auto* c = qobject_cast<QComboBox*>(w); c && c->count() > 0)
            c->setCurrentIndex(below(c->count()));
        else if (auto* b = qobject_cast<QCheckBox*>(w))
            b->setChecked(!b->isChecked());
        else if (auto* sl = qobject_cast<QSlider*>(w))
            sl->setValue(sl->minimum() + below(sl->maximum() - sl->minimum() + 1));
        return QStringLiteral("parameter %1 (%2)")
            .arg(w->objectName(), QString::fromLatin1(w->metaObject()->className()));
    }

    QString playback()
    {
        app::PlaybackController* p = window.playback();
        switch (below(7)) {
        case 0:
            p->togglePlay();
            return QStringLiteral("play/pause");
        case 1:
            p->stepForward();
            return QStringLiteral("step forward");
        case 2:
            p->stepBackward();
            return QStringLiteral("step back");
        case 3:
            p->restart();
            return QStringLiteral("restart");
        case 4:
            p->goToEnd();
            return QStringLiteral("end");
        case 5:
            p->setSpeed(std::array { 0.25, 0.5, 1.0, 2.0, 4.0 }[std::size_t(below(5))]);
            return QStringLiteral("speed");
        default:
            p->setTime(p->duration() * below(1001) / 1000.0);
            return QStringLiteral("scrub");
        }
    }

    QString lesson()
    {
        auto* stage = static_cast<app::LessonStage*>(window.stage(Navigator::Lessons));
        if (!stage || stage->lessonCount() == 0)
            return QStringLiteral("lesson (none)");
        switch (below(4)) {
        case 0: {
            const int lesson = below(stage->lessonCount());
            stage->openLesson(lesson);
            return QStringLiteral("open lesson (%1)").arg(lesson + 1);
        }
        case 1:
            stage->next();
            return QStringLiteral("lesson next");
        case 2:
            stage->back();
            return QStringLiteral("lesson back");
        default:
            if (auto* interview = stage->findChild<app::InterviewPage*>()) {
                if (!interview->answerChoice(below(4)))
                    interview->answerNumeric(below(1000));
                interview->nextQuestion();
            }
            return QStringLiteral("interview answer");
        }
    }

    QString fileAction()
    {
        QString error;
        switch (below(4)) {
        case 0: {
            const QString& file = scenarios[below(int(scenarios.size()))];
            window.openScenario(file);
            return QStringLiteral("open scenario (%1)").arg(QFileInfo(file).fileName());
        }
        case 1:
            if (auto* t = window.trainingStage())
                t->saveScenario(dir.filePath(QStringLiteral("scenario-%1.json").arg(saved++ % 3)), &error);
            return QStringLiteral("save scenario");
        case 2:
            // As File → Export does it: encoded and written on a worker thread.
            window.exportViewInBackground(dir.filePath(QStringLiteral("view.png")), &error);
            return QStringLiteral("export PNG");
        default:
            window.exportViewInBackground(dir.filePath(QStringLiteral("view.svg")), &error);
            return QStringLiteral("export SVG");
        }
    }

    // Kinds 0..7, so a warm-up can touch each once.
    static constexpr int kKinds = 8;
    QString act(int kind)
    {
        switch (kind) {
        case 0:
            window.showPage(pageA >= 0 ? (below(2) ? pageA : std::max(0, pageB)) : below(Navigator::PageCount));
            return QStringLiteral("page %1").arg(int(window.currentPage()));
        case 1:
        case 2:
            return changeParameter();
        case 3:
            return playback();
        case 4:
            window.setTheme(below(2) ? views::Theme::Dark : views::Theme::Light);
            return QStringLiteral("theme (page %1)").arg(int(window.currentPage()));
        case 5:
            window.setLanguage(below(2) ? QStringLiteral("zh_CN") : QStringLiteral("en"));
            return QStringLiteral("language (page %1)").arg(int(window.currentPage()));
        case 6:
            return fileAction();
        default:
            return lesson();
        }
    }
};

} // namespace

class TestMonkey : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        app::returnFreedMemoryPromptly(); // as main() does: the heap the pool threads freed goes back
    }

    void randomWalk_data()
    {
        QTest::addColumn<unsigned>("seed");
        QTest::newRow("seed 1") << 1u;
        QTest::newRow("seed 2") << 2u;
        QTest::newRow("seed 3") << 3u;
    }
    void randomWalk()
    {
        QFETCH(unsigned, seed);
        const int actions = envInt("TUTOR_MONKEY_ACTIONS", 60);
        const int maxBlockMs = envInt("TUTOR_MONKEY_MAX_BLOCK_MS", 100);
        QTemporaryDir dir;
        MainWindow window(false);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QStringList scenarios;
        for (const QString& f : QDir(scenarioDir()).entryList({ QStringLiteral("*.json") }))
            scenarios.push_back(scenarioDir() + QLatin1Char('/') + f);
        QVERIFY(!scenarios.isEmpty());
        Walk walk { window, dir, std::mt19937(seed), scenarios };

        // A modal dialog would stop the walk: close it and fail.
        QString modal;
        QTimer guard;
        connect(&guard, &QTimer::timeout, this, [&] {
            if (QWidget* w = QApplication::activeModalWidget()) {
                modal = w->windowTitle();
                w->close();
            }
        });
        guard.start(50);

        // The longest time per kind of action (the name without its detail), from the action to the last event
        // it posted being handled.
        QMap<QString, qint64> worst;
        const int slow = envInt("TUTOR_MONKEY_SLOW_MS", 0);
        const int step = envInt("TUTOR_MONKEY_HEAP_STEP_KIB", 0);
        const auto run = [&](int kind) {
            QElapsedTimer timer;
            timer.start();
            const std::size_t heapAtStart = heapInUse();
            QString name;
            try {
                name = walk.act(kind);
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QStringLiteral("exception: %1").arg(QString::fromUtf8(e.what()))));
            }
            settle();
            const qint64 ms = timer.elapsed();
            const QString kindName = name.section(QStringLiteral(" ("), 0, 0).trimmed();
            worst[kindName] = std::max(worst.value(kindName), ms);
            // TUTOR_MONKEY_SLOW_MS=<n>: name every action that kept the UI thread n ms or more.
            if (slow > 0 && ms >= slow)
                qInfo("%lld ms: %s", static_cast<long long>(ms), qPrintable(name));
            // TUTOR_MONKEY_HEAP_STEP_KIB=<n>: name every action after which the heap in use moved by n KiB or more.
            if (step > 0) {
                const double moved = (double(heapInUse()) - double(heapAtStart)) / 1024;
                if (std::abs(moved) >= step)
                    qInfo("heap %+.0f KiB after %s", moved, qPrintable(name));
            }
            QVERIFY2(modal.isEmpty(), qPrintable(QStringLiteral("%1 opened a dialog: %2").arg(name, modal)));
        };

        // Warm-up: every kind of action on every page, twice, so first-use caches (fonts, translations, charts,
        // a page's first layout) are in "before".
        for (int round = 0; round < 2; ++round)
            for (int page = 0; page < Navigator::PageCount; ++page) {
                window.showPage(page);
                for (int kind = 1; kind < Walk::kKinds; ++kind) {
                    run(kind);
                    if (QTest::currentTestFailed())
                        return;
                }
            }
        // Every lesson and scenario once, so that what they load the first time (lesson 16's 1,024-GPU step: about
        // 10 MiB, kept by the heap after the first visit and not again) is in "before" too. Every step of every lesson
        // is shown in both languages: the glyphs a walk draws for the first time page in the fonts' files (the
        // Chinese font is mapped, and its pages count in RSS: 3 MiB over a 10,000-action walk otherwise).
        if (auto* stage = static_cast<app::LessonStage*>(window.stage(Navigator::Lessons))) {
            window.showPage(Navigator::Lessons);
            for (const char* language : { "zh_CN", "en" }) {
                window.setLanguage(QString::fromLatin1(language));
                for (int i = 0; i < stage->lessonCount(); ++i) {
                    stage->openLesson(i);
                    settle();
                    while (stage->next())
                        settle();
                }
            }
        }
        const auto opened = [&](const QString& file) {
            window.openScenario(file);
            if (auto* t = window.trainingStage())
                t->controller()->waitForIdle(); // a large file simulates in the background
            settle();
        };
        for (const QString& file : scenarios)
            opened(file);
        // Memory is read twice in one state, so that what it gained is a leak and not a bigger document on show: the
        // first scenario on the Training page, the first lesson, English, paused, page 0, and the heap the allocator
        // still holds handed back.
        const auto reset = [&] {
            window.setLanguage(QStringLiteral("en"));
            opened(scenarios.front());
            if (auto* stage = static_cast<app::LessonStage*>(window.stage(Navigator::Lessons));
                stage && stage->lessonCount() > 0)
                stage->openLesson(0);
            window.playback()->pause();
            window.showPage(0);
            QTRY_COMPARE_WITH_TIMEOUT(window.pendingExports(), 0, 30000); // their pictures are held until written
            // The layout search page's search and a design question's (from when the question is shown) run on the
            // thread pool: what they hold while running is not the walk's.
            if (auto* search = qobject_cast<app::SearchStage*>(window.stage(Navigator::Search)))
                search->waitForFinished();
            if (auto* stage = static_cast<app::LessonStage*>(window.stage(Navigator::Lessons)))
                QTRY_COMPARE_WITH_TIMEOUT(stage->interviewPage()->designSearchesRunning(), 0, 60000);
            settle();
            QPixmapCache::clear(); // Qt's own bounded cache (10 MiB), filled by whichever pages and themes were drawn
            ::malloc_trim(0);
        };
        reset();
        const qint64 before = residentBytes();
        const QString partsBefore = residentParts();
        // TUTOR_MONKEY_MAPPINGS=1: name the mappings whose resident set grew the most over the walk.
        const bool byMapping = qEnvironmentVariableIsSet("TUTOR_MONKEY_MAPPINGS");
        const QHash<QString, qint64> mappingsBefore = byMapping ? residentByMapping() : QHash<QString, qint64> {};
        const std::size_t heapBefore = heapInUse();
        worst.clear();
        // TUTOR_MONKEY_ONLY=<kind 0..7>[,<kind>…] walks those kinds of action only (to find which one grows memory
        // or blocks: "0,5" switches pages and languages).
        std::vector<int> kinds;
        for (const QString& part : qEnvironmentVariable("TUTOR_MONKEY_ONLY").split(QLatin1Char(','))) {
            bool ok = false;
            const int kind = part.toInt(&ok);
            if (ok && kind >= 0 && kind < Walk::kKinds)
                kinds.push_back(kind);
        }
        for (int i = 0; i < actions && !QTest::currentTestFailed(); ++i)
            run(kinds.empty() ? walk.below(Walk::kKinds) : kinds[walk.below(int(kinds.size()))]);
        if (QTest::currentTestFailed())
            return;
        reset();
        const qint64 after = residentBytes();
        qInfo("resident before: %s; after: %s", qPrintable(partsBefore), qPrintable(residentParts()));
        if (byMapping) {
            const QHash<QString, qint64> mappingsAfter = residentByMapping();
            std::vector<std::pair<qint64, QString>> grown;
            for (auto it = mappingsAfter.cbegin(); it != mappingsAfter.cend(); ++it)
                grown.emplace_back(it.value() - mappingsBefore.value(it.key()), it.key());
            std::sort(grown.rbegin(), grown.rend());
            for (std::size_t i = 0; i < std::min<std::size_t>(12, grown.size()); ++i)
                qInfo("resident %+lld kB: %s", static_cast<long long>(grown[i].first), qPrintable(grown[i].second));
        }
        const std::size_t heapAfter = heapInUse();
        // TUTOR_MONKEY_EXIT_AFTER: end the process here, so that a heap profiler (heaptrack) reports what is held now.
        if (qEnvironmentVariableIsSet("TUTOR_MONKEY_EXIT_AFTER"))
            ::_exit(0);

        QStringList figures;
        for (auto it = worst.cbegin(); it != worst.cend(); ++it)
            figures << QStringLiteral("%1 %2 ms").arg(it.key()).arg(it.value());
        // The heap in use beside RSS tells memory still held from pages that the allocator keeps but does not use.
        qInfo("seed %u: %d actions, RSS %.1f MiB -> %.1f MiB (%+.1f %%), heap in use %.1f MiB -> %.1f MiB; longest per "
              "action: %s",
            seed, actions, double(before) / (1 << 20), double(after) / (1 << 20),
            100.0 * double(after - before) / double(before), double(heapBefore) / (1 << 20),
            double(heapAfter) / (1 << 20), qPrintable(figures.join(QStringLiteral(", "))));
        const int maxGrowthPct = envInt("TUTOR_MONKEY_MAX_RSS_GROWTH_PCT", 10);
        QVERIFY2(double(after) <= (1.0 + maxGrowthPct / 100.0) * double(before),
            qPrintable(QStringLiteral("RSS grew from %1 to %2 bytes").arg(before).arg(after)));
        for (auto it = worst.cbegin(); it != worst.cend(); ++it)
            QVERIFY2(it.value() <= maxBlockMs,
                qPrintable(QStringLiteral("'%1' blocked the UI thread for %2 ms (limit %3 ms)")
                               .arg(it.key())
                               .arg(it.value())
                               .arg(maxBlockMs)));
    }
};

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
