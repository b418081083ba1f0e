// SPDX-License-Identifier: MIT
// The lesson player and the interview page, offscreen: the first three lessons are walked step by step and
// their tasks completed by changing the scene; progress survives a restart; interview answers are graded
// against the model and missed questions come back first.
#include "app/gui/lessons/interviewpage.h"
#include "app/gui/lessons/lessonstage.h"
#include "model/teach/design.h"
#include "model/teach/lesson.h"
#include "model/teach/question.h"
#include "views/charts/breakdownchart.h"
#include "views/timelineview.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using tutor::app::LessonProgress;
using tutor::app::LessonStage;

namespace {
QString lessonsDir()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR") + QStringLiteral("/lessons");
}

/// A value that meets the task's condition: the condition's own value for ==, >=, <=; for a metric condition
/// the test knows the lesson (4 GiB makes any collective bandwidth-bound).
QString satisfying(const tutor::model::Condition& c)
{
    if (!c.metric.empty())
        return QStringLiteral("4GiB");
    return c.value.is_string() ? QString::fromStdString(c.value.get<std::string>())
                               : QString::fromStdString(c.value.dump());
}
} // namespace

class TestLessonStage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void walkFirstThreeLessons_data();
    void walkFirstThreeLessons();
    void progressSurvivesRestart();
    void rejectedValueKeepsScene();
    void sceneViewsAndTimeUnits();
    void languageFollowsApplication();
    void interviewNumeric();
    void taskControlsShowNames();
    void enterChecksNumericAnswer();
    void lessonEndsWithItsQuiz();
    void followUpComesNext();
    void designQuestionGraded();
    void designAnswerWaitsForItsSearch();
    void interviewReviewQueue();
    void spacedRepetitionSchedule();
    void interviewOpenTimer();
    void screenshots();

private:
    QTemporaryDir m_tmp;
    QString progressPath() const { return m_tmp.filePath(QStringLiteral("progress.json")); }
};

void TestLessonStage::initTestCase()
{
    QVERIFY(m_tmp.isValid());
    QApplication::setFont(QFont(QStringLiteral("WenQuanYi Micro Hei"), 10));
}

void TestLessonStage::walkFirstThreeLessons_data()
{
    QTest::addColumn<int>("lesson");
    QTest::newRow("01 where communication happens") << 0;
    QTest::newRow("02 the primitives") << 1;
    QTest::newRow("03 AllReduce = ReduceScatter + AllGather") << 2;
}

void TestLessonStage::walkFirstThreeLessons()
{
    QFETCH(int, lesson);
    const auto lessons = tutor::model::loadLessons(lessonsDir().toStdString());
    QVERIFY(lessons.ok());
    LessonStage stage(nullptr, lessonsDir(), progressPath());
    stage.resize(1280, 800);
    QVERIFY(stage.lessonCount() >= 12);
    stage.openLesson(lesson);
    QCOMPARE(stage.currentLesson(), lesson);
    const auto& steps = (*lessons)[lesson].steps;
    int tasks = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        QCOMPARE(stage.currentStep(), static_cast<int>(i));
        QVERIFY2(stage.sceneProblems().isEmpty(), qPrintable(stage.sceneProblems()));
        QVERIFY(!stage.stepMarkdown().contains(QStringLiteral("{{")));
        QVERIFY(stage.duration() > 0);
        if (steps[i].task) {
            ++tasks;
            QVERIFY(stage.hasTask());
            QVERIFY(!stage.taskMet());
            QVERIFY(!stage.next()); // the task blocks the way on
            QCOMPARE(stage.currentStep(), static_cast<int>(i));
            QCOMPARE(stage.taskControl(), QString::fromStdString(steps[i].task->condition.control));
            QVERIFY(stage.setControlValue(satisfying(steps[i].task->condition)));
            QVERIFY2(stage.taskMet(), qPrintable(stage.taskControl()));
        }
        QSignalSpy durations(&stage, &tutor::app::Stage::durationChanged);
        QVERIFY(stage.next());
        if (i + 1 < steps.size())
            QCOMPARE(durations.count(), 1);
    }
    QVERIFY(tasks >= 1);
    QVERIFY(stage.progress().isLessonDone(QString::fromStdString((*lessons)[lesson].id)));
    QCOMPARE(stage.currentLesson(), lesson + 1); // finishing opens the next lesson
}

void TestLessonStage::progressSurvivesRestart()
{
    LessonProgress reloaded(progressPath());
    QVERIFY(reloaded.isLessonDone(QStringLiteral("01-where-communication-happens")));
    QVERIFY(reloaded.isLessonDone(QStringLiteral("03-allreduce-is-reducescatter-plus-allgather")));
    QVERIFY(!reloaded.isLessonDone(QStringLiteral("16-putting-it-together")));
    QVERIFY(reloaded.stepReached(QStringLiteral("02-the-primitives")) > 0);
}

void TestLessonStage::rejectedValueKeepsScene()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("other.json")));
    QVERIFY(
        stage.goToStep(QStringLiteral("03-allreduce-is-reducescatter-plus-allgather"), QStringLiteral("two-halves")));
    const auto before = stage.stepMarkdown();
    QVERIFY(!stage.setControlValue(QStringLiteral("a lot")));
    QCOMPARE(stage.stepMarkdown(), before);
    QVERIFY(!stage.taskMet());
}

void TestLessonStage::sceneViewsAndTimeUnits()
{
    // Each scene view is what the lesson asks for, and the playback reads steps only for a collective.
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("views.json")));
    auto* stack = qobject_cast<QStackedWidget*>(stage.sceneArea());
    QVERIFY(stack);
    auto* breakdown = stage.findChild<tutor::views::BreakdownChart*>(QStringLiteral("lessonBreakdown"));
    QVERIFY(breakdown);

    QVERIFY(stage.goToStep(QStringLiteral("02-the-primitives"), QStringLiteral("allreduce")));
    QVERIFY(stage.timeInSteps());
    QVERIFY(stage.duration() >= 1);

    QVERIFY(stage.goToStep(QStringLiteral("08-gradient-accumulation"), QStringLiteral("no-sync")));
    QVERIFY(!stage.timeInSteps());
    QVERIFY(stack->currentWidget() != breakdown);
    QVERIFY(stage.duration() > 0);
    auto* timeline = stage.findChild<tutor::views::TimelineView*>();
    QVERIFY(timeline);
    const std::size_t shown = timeline->timeline().events.size();
    QVERIFY(shown > 0);

    // "view": "charts": the step's time by part, the parts adding up to the step time; nothing to animate.
    QVERIFY(stage.goToStep(QStringLiteral("08-gradient-accumulation"), QStringLiteral("batch")));
    QCOMPARE(stack->currentWidget(), breakdown);
    QCOMPARE(stage.duration(), 0.0);
    // The hidden timeline view no longer holds the last step's timeline.
    QCOMPARE(timeline->timeline().events.size(), std::size_t { 0 });
    QCOMPARE(breakdown->bars().size(), std::size_t { 1 });
    const auto& m = breakdown->bars().front().metrics;
    QVERIFY(m.stepSeconds > 0);
    QVERIFY(std::abs(tutor::views::breakdown(m).total() / m.stepSeconds - 1) < 1e-9);
    const auto figure = stage.figures().find("metrics.step_time");
    QVERIFY(figure != stage.figures().end());
    QVERIFY(std::abs(figure->second.value / m.stepSeconds - 1) < 1e-12);
}

void TestLessonStage::languageFollowsApplication()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("lang.json")));
    const auto previous = QLocale();
    QLocale::setDefault(QLocale(QStringLiteral("zh_CN")));
    QEvent change(QEvent::LanguageChange);
    QApplication::sendEvent(&stage, &change);
    QCOMPARE(stage.language(), tutor::model::Language::ZhCN);
    QVERIFY(stage.stepMarkdown().contains(QStringLiteral("通信")));
    QLocale::setDefault(QLocale(QStringLiteral("en")));
    QApplication::sendEvent(&stage, &change);
    QCOMPARE(stage.language(), tutor::model::Language::En);
    QLocale::setDefault(previous);
}

void TestLessonStage::interviewNumeric()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("numeric.json")));
    auto* page = stage.interviewPage();
    QVERIFY(page->questionCount() > 30);
    QVERIFY(page->showQuestion(QStringLiteral("num-ring-allreduce-time"), 7));
    QVERIFY(page->numericInstance().has_value());
    const double answer = page->numericInstance()->answerInUnit;
    QVERIFY(std::isfinite(answer));
    QVERIFY(page->answerNumeric(answer * 1.01));
    QVERIFY(page->lastAnswerCorrect());
    QVERIFY(page->feedbackMarkdown().contains(QStringLiteral("ms")));
    QVERIFY(!page->answerNumeric(answer)); // one answer per question shown
    QVERIFY(page->showQuestion(QStringLiteral("num-ring-allreduce-time"), 7));
    QVERIFY(page->answerNumeric(answer * 1.5));
    QVERIFY(!page->lastAnswerCorrect());
}

// A task's choice list shows collective names with the ids as data; choosing one applies the id; the instruction
// is rich text (no literal backticks); the step's text quotes the scene as written, not the learner's edit.
void TestLessonStage::taskControlsShowNames()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("names.json")));
    QVERIFY(stage.goToStep(QStringLiteral("01-where-communication-happens"), QStringLiteral("pp-moe")));
    auto* combo = stage.findChild<QComboBox*>(QStringLiteral("taskControlCombo"));
    QVERIFY(combo);
    const int at = combo->findData(QStringLiteral("alltoall"));
    QVERIFY(at >= 0);
    QCOMPARE(combo->itemText(at), QStringLiteral("AllToAll"));
    for (auto* label : stage.findChildren<QLabel*>())
        QVERIFY2(!label->isVisibleTo(&stage) || !label->text().contains(QLatin1Char('`')), qPrintable(label->text()));
    const QString text = stage.stepMarkdown();
    const auto before = stage.player()->figures();
    combo->setCurrentIndex(at);
    emit combo->activated(at);
    QVERIFY2(stage.taskMet(), qPrintable(stage.findChild<QLabel*>(QStringLiteral("taskStatus"))->text()));
    QVERIFY(!(stage.player()->figures() == before)); // the scene changed…
    QCOMPARE(stage.stepMarkdown(), text); // …the sentences about the written scene did not
}

// Enter in the numeric answer box checks the answer, as the Check button does.
void TestLessonStage::enterChecksNumericAnswer()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("enter.json")));
    stage.show();
    auto* page = stage.interviewPage();
    stage.showInterview(true);
    QVERIFY(page->showQuestion(QStringLiteral("num-ring-allreduce-time"), 7));
    auto* edit = page->findChild<QLineEdit*>(QStringLiteral("numericAnswer"));
    QVERIFY(edit);
    edit->setText(QString::number(page->numericInstance()->answerInUnit, 'g', 10));
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(page->lastAnswerCorrect());
    QVERIFY(!page->feedbackMarkdown().isEmpty());
}

// Finishing a lesson opens the interview tab on that lesson's quiz: only its questions come, until "All lessons".
void TestLessonStage::lessonEndsWithItsQuiz()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("quiz.json")));
    const QString lesson = QStringLiteral("04-the-alpha-beta-model");
    QVERIFY(stage.goToStep(lesson, QStringLiteral("bandwidth-bound"))); // its last step, without a task
    auto* page = stage.interviewPage();
    QVERIFY(page->lessonQuiz().isEmpty());
    QVERIFY(stage.player()->next());
    QCOMPARE(page->lessonQuiz(), lesson);
    QVERIFY(page->isVisibleTo(&stage) || stage.findChild<QTabWidget*>()->currentWidget() == page);
    const int n = page->lessonQuestionCount(lesson);
    QVERIFY(n >= 2);
    const auto questions = tutor::model::loadQuestions(lessonsDir().toStdString() + "/questions");
    QVERIFY(questions.ok());
    const auto stepOf = [&](const QString& id) {
        for (const auto& q : *questions)
            if (QString::fromStdString(q.id) == id)
                return QString::fromStdString(q.step);
        return QString();
    };
    for (int i = 0; i < 2 * n; ++i) {
        QVERIFY2(stepOf(page->currentId()).startsWith(lesson + QLatin1Char('#')), qPrintable(page->currentId()));
        page->nextQuestion();
    }
    const auto all = page->findChildren<QPushButton*>();
    const auto back = std::find_if(
        all.begin(), all.end(), [](QPushButton* b) { return b->text() == QStringLiteral("All lessons"); });
    QVERIFY(back != all.end());
    (*back)->click();
    QVERIFY(page->lessonQuiz().isEmpty());
}

// An interviewer's chain: once the 60-second answer is graded, Next asks its first follow-up.
void TestLessonStage::followUpComesNext()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("followup.json")));
    auto* page = stage.interviewPage();
    QVERIFY(page->showQuestion(QStringLiteral("seed000-60s-answer")));
    page->nextQuestion(); // not answered yet: any question may come
    QVERIFY(page->showQuestion(QStringLiteral("seed000-60s-answer")));
    page->revealOpen();
    QVERIFY(page->gradeOpen(true));
    page->nextQuestion();
    QCOMPARE(page->currentId(), QStringLiteral("seed000-ar-vs-rs-ag"));
}

// A design question in the window: the degrees typed in the spin boxes are graded against the layout search.
void TestLessonStage::designQuestionGraded()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("design.json")));
    auto* page = stage.interviewPage();
    QVERIFY(page->showQuestion(QStringLiteral("design-llama3-8b-64")));
    const auto questions = tutor::model::loadQuestions(lessonsDir().toStdString() + "/questions");
    QVERIFY(questions.ok());
    const auto q = std::find_if(questions->begin(), questions->end(),
        [](const tutor::model::Question& x) { return x.id == "design-llama3-8b-64"; });
    const auto search = tutor::model::designSearch(*q);
    QVERIFY(search.ok());
    const auto& best = search->ranked.front().scenario.parallel;
    // The page searches in the background from when the question is shown: the answer is graded at once when that
    // search has ended, else when it ends, and a second answer is refused meanwhile.
    QVERIFY(page->answerDesign({ best.dp, best.tp, best.pp, std::max(1, best.ep), best.zeroStage }));
    if (page->gradingPending()) {
        QVERIFY(page->feedbackMarkdown().contains(QStringLiteral("Grading")));
        QVERIFY(!page->answerDesign({ 64, 1, 1, 1, 0 }));
    }
    QTRY_VERIFY(!page->gradingPending());
    QVERIFY(page->lastAnswerCorrect());
    QCOMPARE(page->lastCredit(), 1.0);
    QVERIFY(page->feedbackMarkdown().contains(QStringLiteral("Full credit")));
    QVERIFY(page->showQuestion(QStringLiteral("design-llama3-8b-64")));
    QVERIFY(page->answerDesign({ 64, 1, 1, 1, 0 })); // 8B × 16 bytes = 128 GB per GPU: does not fit
    QVERIFY(!page->lastAnswerCorrect());
    QCOMPARE(page->lastCredit(), 0.0);
    QVERIFY(page->feedbackMarkdown().contains(QStringLiteral("cannot run")));
}

// A design answer given while its search runs waits for it, and one whose question the learner left is dropped: the
// window's thread never runs the search (it took 90–170 ms there).
void TestLessonStage::designAnswerWaitsForItsSearch()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("design-wait.json")));
    auto* page = stage.interviewPage();
    QVERIFY(page->showQuestion(QStringLiteral("design-llama3-8b-64")));
    QVERIFY(page->answerDesign({ 64, 1, 1, 1, 0 })); // does not fit: no credit once graded
    QVERIFY(page->gradingPending()); // the search started a moment ago, on the thread pool
    QVERIFY(page->feedbackMarkdown().contains(QStringLiteral("Grading")));
    QTRY_VERIFY_WITH_TIMEOUT(!page->gradingPending(), 30000);
    QCOMPARE(page->lastCredit(), 0.0);
    QVERIFY(page->feedbackMarkdown().contains(QStringLiteral("cannot run")));

    LessonStage other(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("design-left.json")));
    auto* left = other.interviewPage();
    QVERIFY(left->showQuestion(QStringLiteral("design-llama3-8b-64")));
    QVERIFY(left->answerDesign({ 64, 1, 1, 1, 0 }));
    QVERIFY(left->showQuestion(QStringLiteral("seed000-ar-vs-rs-ag")));
    QVERIFY(!left->gradingPending());
    QTRY_COMPARE_WITH_TIMEOUT(left->designSearchesRunning(), 0, 30000);
    QCOMPARE(left->currentId(), QStringLiteral("seed000-ar-vs-rs-ag"));
    QVERIFY(!left->feedbackMarkdown().contains(QStringLiteral("cannot run")));

    // Only the last two searches are kept: the current question's answer is graded at once, the first question's,
    // shown again, waits for a new search.
    for (const char* id : { "design-llama3-70b-64", "design-gpt3-175b-64", "design-mixtral-64" }) {
        QVERIFY(left->showQuestion(QString::fromLatin1(id)));
        QTRY_COMPARE_WITH_TIMEOUT(left->designSearchesRunning(), 0, 60000);
    }
    QCOMPARE(left->designSearchesKept(), 2);
    QVERIFY(!left->designSearchKept(QStringLiteral("design-llama3-70b-64")));
    QVERIFY(left->answerDesign({ 8, 8, 1, 8, 1 }));
    QVERIFY(!left->gradingPending());
    QVERIFY(left->showQuestion(QStringLiteral("design-llama3-70b-64")));
    QVERIFY(left->answerDesign({ 8, 8, 1, 1, 1 }));
    // Graded by the new search: still waiting for it, or (on a loaded machine, where rendering the question may let
    // the search's result in first) graded from it at once.
    QVERIFY(left->gradingPending() || left->designSearchKept(QStringLiteral("design-llama3-70b-64")));
    QTRY_VERIFY_WITH_TIMEOUT(!left->gradingPending(), 60000);
    QVERIFY(left->designSearchKept(QStringLiteral("design-llama3-70b-64")));
    QVERIFY(left->designSearchesKept() <= 2);
}

void TestLessonStage::interviewReviewQueue()
{
    const auto path = m_tmp.filePath(QStringLiteral("review.json"));
    {
        LessonStage stage(nullptr, lessonsDir(), path);
        auto* page = stage.interviewPage();
        QVERIFY(page->showQuestion(QStringLiteral("mc-zero3-forward")));
        QVERIFY(page->answerChoice(0)); // wrong: the answer is B
        QVERIFY(!page->lastAnswerCorrect());
        QCOMPARE(stage.progress().reviewQueue(), QStringList { QStringLiteral("mc-zero3-forward") });
        QVERIFY(page->showQuestion(QStringLiteral("mc-pp-primitive")));
        page->nextQuestion();
        QCOMPARE(page->currentId(), QStringLiteral("mc-zero3-forward")); // the missed one comes back first
    }
    LessonStage restarted(nullptr, lessonsDir(), path);
    QCOMPARE(restarted.progress().reviewQueue(), QStringList { QStringLiteral("mc-zero3-forward") });
    auto* page = restarted.interviewPage();
    QVERIFY(page->showQuestion(QStringLiteral("mc-zero3-forward")));
    QVERIFY(page->answerChoice(1));
    QVERIFY(page->lastAnswerCorrect());
    QVERIFY(restarted.progress().reviewQueue().isEmpty());
}

// The review schedule is SM-2's, kept across restarts: a question answered right on day D is due on D + 1, then
// D + 1 + 6; a version-1 file (a "due" flag, no card) loads with its queued questions due at once.
void TestLessonStage::spacedRepetitionSchedule()
{
    const auto path = m_tmp.filePath(QStringLiteral("sm2.json"));
    const std::int64_t day = 20400;
    {
        LessonProgress progress(path);
        progress.recordAnswer(QStringLiteral("q1"), true, day);
        progress.recordAnswer(QStringLiteral("q2"), false, day);
        QCOMPARE(progress.reviewQueue(day), QStringList { QStringLiteral("q2") });
        QCOMPARE(progress.reviewQueue(day + 1), (QStringList { QStringLiteral("q2"), QStringLiteral("q1") }));
        QCOMPARE(progress.nextDueAfter(day), std::optional<std::int64_t>(day + 1));
        progress.recordAnswer(QStringLiteral("q1"), true, day + 1);
        QCOMPARE(progress.record(QStringLiteral("q1")).card.dueDay, day + 1 + 6);
        QVERIFY(progress.save());
    }
    const LessonProgress reloaded(path);
    QCOMPARE(reloaded.record(QStringLiteral("q1")), LessonProgress(path).record(QStringLiteral("q1")));
    QCOMPARE(reloaded.record(QStringLiteral("q1")).card.dueDay, day + 7);
    QCOMPARE(reloaded.record(QStringLiteral("q1")).card.repetitions, 2);
    QCOMPARE(reloaded.reviewQueue(day + 7), (QStringList { QStringLiteral("q2"), QStringLiteral("q1") }));

    const auto old = m_tmp.filePath(QStringLiteral("v1.json"));
    QFile file(old);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"version\":1,\"questions\":{\"a\":{\"attempts\":2,\"correct\":1,\"due\":true},"
               "\"b\":{\"attempts\":1,\"correct\":1,\"due\":false}}}");
    file.close();
    const LessonProgress v1(old);
    QCOMPARE(v1.reviewQueue(LessonProgress::today()), QStringList { QStringLiteral("a") });
    QCOMPARE(v1.record(QStringLiteral("b")).card.dueDay, LessonProgress::today() + 1);
}

void TestLessonStage::interviewOpenTimer()
{
    LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("open.json")));
    auto* page = stage.interviewPage();
    QVERIFY(page->showQuestion(QStringLiteral("seed000-bucket")));
    QCOMPARE(page->secondsLeft(), 60);
    QVERIFY(!page->gradeOpen(true)); // grading needs the model answer shown first
    page->revealOpen();
    QVERIFY(page->feedbackMarkdown().contains(QStringLiteral("bucket")));
    QVERIFY(page->gradeOpen(false));
    QVERIFY(stage.progress().reviewQueue().contains(QStringLiteral("seed000-bucket")));
}

void TestLessonStage::screenshots()
{
    // Renders a lesson step in each language; TUTOR_LESSON_SCREENSHOTS names a folder to keep the PNGs.
    const auto out = qEnvironmentVariable("TUTOR_LESSON_SCREENSHOTS", m_tmp.path());
    for (const auto& code : { QStringLiteral("en"), QStringLiteral("zh_CN") }) {
        QLocale::setDefault(QLocale(code));
        LessonStage stage(nullptr, lessonsDir(), m_tmp.filePath(QStringLiteral("shot.json")));
        stage.resize(1280, 820);
        QVERIFY(stage.goToStep(QStringLiteral("02-the-primitives"), QStringLiteral("allreduce")));
        stage.setTime(stage.duration() * 0.4);
        stage.show();
        const auto image = stage.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.save(QDir(out).filePath(QStringLiteral("lesson-%1.png").arg(code))));
    }
    QLocale::setDefault(QLocale(QStringLiteral("en")));
}

QTEST_MAIN(TestLessonStage)
#include "tst_lessonstage.moc"
