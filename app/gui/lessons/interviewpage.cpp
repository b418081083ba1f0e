// SPDX-License-Identifier: MIT
#include "app/gui/lessons/interviewpage.h"

#include "views/text.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace tutor::app {

namespace {

/// Choice and open questions may quote hardware figures ({{hw.hgx-h100.nic_GBps}}).
const model::Figures& hardware()
{
    static const model::Figures figures = model::hardwareFigures();
    return figures;
}

QString resolved(const model::Text& text, model::Language language)
{
    return views::toQString(model::resolveTemplate(text.in(language), hardware()).text);
}

bool inLesson(const model::Question& question, const QString& lessonId)
{
    return lessonId.isEmpty() || views::toQString(question.step).startsWith(lessonId + QLatin1Char('#'));
}

/// A question's source ("seed 000, follow-up 1") in the interface's language.
QString sourceLabel(const std::string& source)
{
    static const QRegularExpression pattern(
        QStringLiteral("^seed (\\d+), (follow-up|question|interview quote) (\\d+)$"));
    const QString text = views::toQString(source);
    const auto m = pattern.match(text);
    if (!m.hasMatch())
        return text == QLatin1String("seed 000, the 60-second answer")
            ? InterviewPage::tr("seed 000, the 60-second answer")
            : text;
    if (m.captured(2) == QLatin1String("follow-up"))
        return InterviewPage::tr("seed %1, follow-up %2").arg(m.captured(1), m.captured(3));
    if (m.captured(2) == QLatin1String("question"))
        return InterviewPage::tr("seed %1, question %2").arg(m.captured(1), m.captured(3));
    return InterviewPage::tr("seed %1, interview quote %2").arg(m.captured(1), m.captured(3));
}
} // namespace

InterviewPage::InterviewPage(LessonProgress& progress, QWidget* parent)
    : QWidget(parent)
    , m_progress(progress)
{
    setObjectName(QStringLiteral("interviewPage"));
    auto* v = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    m_score = new QLabel(this);
    m_score->setWordWrap(true);
    m_filter = new QComboBox(this);
    m_filter->addItems({ QString(), QString(), QString(), QString(), QString() });
    top->addWidget(m_score, 1);
    top->addWidget(m_filter);
    v->addLayout(top);
    auto* quiz = new QHBoxLayout;
    m_quizLabel = new QLabel(this);
    m_quizLabel->setWordWrap(true);
    m_quizLabel->setObjectName(QStringLiteral("lessonQuizLabel"));
    m_allLessons = new QPushButton(this);
    connect(m_allLessons, &QPushButton::clicked, this, [this] {
        startLessonQuiz({});
        nextQuestion();
    });
    quiz->addWidget(m_quizLabel, 1);
    quiz->addWidget(m_allLessons);
    v->addLayout(quiz);
    m_kind = new QLabel(this);
    m_kind->setWordWrap(true);
    v->addWidget(m_kind);
    m_prompt = new QTextBrowser(this);
    m_prompt->setObjectName(QStringLiteral("questionPrompt"));
    m_prompt->setMaximumHeight(180);
    v->addWidget(m_prompt);

    m_choiceBox = new QWidget(this);
    m_choiceLayout = new QVBoxLayout(m_choiceBox);
    m_choiceGroup = new QButtonGroup(this);
    v->addWidget(m_choiceBox);

    m_numericBox = new QWidget(this);
    auto* nh = new QHBoxLayout(m_numericBox);
    m_numericEdit = new QLineEdit(m_numericBox);
    m_numericEdit->setObjectName(QStringLiteral("numericAnswer"));
    m_unit = new QLabel(m_numericBox);
    nh->addWidget(m_numericEdit, 1);
    nh->addWidget(m_unit);
    v->addWidget(m_numericBox);

    // Design questions: the parallel degrees and the ZeRO stage; the layout search picks the rest.
    m_designBox = new QWidget(this);
    m_designBox->setObjectName(QStringLiteral("designAnswer"));
    auto* dh = new QHBoxLayout(m_designBox);
    for (int i = 0; i < 5; ++i) {
        m_designLabels[i] = new QLabel(m_designBox);
        m_design[i] = new QSpinBox(m_designBox);
        m_design[i]->setRange(i == 4 ? 0 : 1, i == 4 ? 3 : 65536);
        dh->addWidget(m_designLabels[i]);
        dh->addWidget(m_design[i]);
    }
    dh->addStretch(1);
    v->addWidget(m_designBox);

    m_openBox = new QWidget(this);
    auto* oh = new QHBoxLayout(m_openBox);
    m_timerBar = new QProgressBar(m_openBox);
    m_timerBar->setObjectName(QStringLiteral("openTimer"));
    m_reveal = new QPushButton(m_openBox);
    m_gotIt = new QPushButton(m_openBox);
    m_missed = new QPushButton(m_openBox);
    oh->addWidget(m_timerBar, 1);
    oh->addWidget(m_reveal);
    oh->addWidget(m_gotIt);
    oh->addWidget(m_missed);
    v->addWidget(m_openBox);

    m_submit = new QPushButton(this);
    v->addWidget(m_submit, 0, Qt::AlignLeft);
    m_feedback = new QTextBrowser(this);
    m_feedback->setObjectName(QStringLiteral("questionFeedback"));
    v->addWidget(m_feedback, 1);
    auto* bottom = new QHBoxLayout;
    m_showStep = new QPushButton(this);
    m_next = new QPushButton(this);
    bottom->addWidget(m_showStep);
    bottom->addStretch(1);
    bottom->addWidget(m_next);
    v->addLayout(bottom);

    m_timer = new QTimer(this);
    m_timer->setInterval(1000);
    connect(m_timer, &QTimer::timeout, this, &InterviewPage::tick);
    connect(m_submit, &QPushButton::clicked, this, [this] {
        const auto* qn = current();
        if (!qn)
            return;
        if (qn->kind == model::QuestionKind::Choice) {
            answerChoice(m_choiceGroup->checkedId());
        } else if (qn->kind == model::QuestionKind::Design) {
            answerDesign({ m_design[0]->value(), m_design[1]->value(), m_design[2]->value(), m_design[3]->value(),
                m_design[4]->value() });
        } else if (qn->kind == model::QuestionKind::Numeric) {
            bool ok = false;
            const double value = QLocale::c().toDouble(
                m_numericEdit->text().trimmed().replace(QLatin1Char(','), QLatin1Char('.')), &ok);
            if (ok)
                answerNumeric(value);
            else
                m_feedback->setMarkdown(tr("Type a number in %1.").arg(views::toQString(qn->unit)));
        }
    });
    // Enter in the answer box checks it, as the Check button does (while the button can).
    connect(m_numericEdit, &QLineEdit::returnPressed, this, [this] {
        if (m_submit->isEnabled() && m_submit->isVisible())
            m_submit->click();
    });
    connect(m_reveal, &QPushButton::clicked, this, &InterviewPage::revealOpen);
    connect(m_gotIt, &QPushButton::clicked, this, [this] { gradeOpen(true); });
    connect(m_missed, &QPushButton::clicked, this, [this] { gradeOpen(false); });
    connect(m_next, &QPushButton::clicked, this, &InterviewPage::nextQuestion);
    connect(m_filter, &QComboBox::activated, this, [this] { nextQuestion(); });
    connect(m_showStep, &QPushButton::clicked, this, [this] {
        if (const auto* qn = current())
            emit showStepRequested(views::toQString(qn->step));
    });
    retranslate();
}

void InterviewPage::setQuestions(const std::vector<model::Question>& questions, model::Language language)
{
    const auto id = currentId();
    m_questions = questions;
    m_language = language;
    m_current = -1;
    for (int i = 0; i < questionCount(); ++i)
        if (views::toQString(m_questions[i].id) == id)
            m_current = i;
    if (m_current < 0 && !m_questions.empty())
        nextQuestion();
    else
        render();
    updateScore();
}

const model::Question* InterviewPage::current() const
{
    return m_current >= 0 && m_current < questionCount() ? &m_questions[m_current] : nullptr;
}

QString InterviewPage::currentId() const
{
    return current() ? views::toQString(current()->id) : QString();
}

bool InterviewPage::showQuestion(const QString& id, quint64 seed)
{
    for (int i = 0; i < questionCount(); ++i) {
        if (views::toQString(m_questions[i].id) != id)
            continue;
        m_current = i;
        m_seed = seed;
        m_answered = false;
        m_pendingDesign.reset(); // an answer still waiting for its search goes with the question it answered
        if (m_questions[i].kind == model::QuestionKind::Design)
            searchDesign(m_questions[i]); // graded by the time the learner has chosen a layout, as a rule
        m_revealed = false;
        m_feedbackSource.clear();
        m_instance.reset();
        if (m_questions[i].kind == model::QuestionKind::Numeric) {
            auto inst = model::generate(m_questions[i], seed);
            if (inst)
                m_instance = *inst;
        }
        m_secondsLeft = m_questions[i].kind == model::QuestionKind::Open ? m_questions[i].seconds : 0;
        if (m_secondsLeft > 0)
            m_timer->start();
        else
            m_timer->stop();
        render();
        return true;
    }
    return false;
}

void InterviewPage::nextQuestion()
{
    if (m_questions.empty())
        return;
    const int filter = m_filter->currentIndex(); // 0 all, 1 choice, 2 numeric, 3 open, 4 design
    auto fits = [&](const model::Question& qn) {
        // The filter's items follow QuestionKind's order after "All questions".
        return inLesson(qn, m_lessonQuiz) && (filter == 0 || static_cast<int>(qn.kind) == filter - 1);
    };
    const auto seed = QRandomGenerator::global()->generate64();
    // An interviewer's chain: once a question is answered, its follow-up comes next.
    if (const auto* qn = current(); qn && m_answered && !qn->followUp.empty()) {
        showQuestion(views::toQString(qn->followUp), seed);
        return;
    }
    for (const auto& id : m_progress.reviewQueue())
        for (const auto& qn : m_questions)
            if (views::toQString(qn.id) == id && fits(qn) && id != currentId()) {
                showQuestion(id, seed);
                return;
            }
    std::vector<int> fresh, any;
    for (int i = 0; i < questionCount(); ++i) {
        if (!fits(m_questions[i]) || i == m_current)
            continue;
        any.push_back(i);
        if (m_progress.record(views::toQString(m_questions[i].id)).attempts == 0)
            fresh.push_back(i);
    }
    const auto& pool = fresh.empty() ? any : fresh;
    if (pool.empty())
        return;
    showQuestion(
        views::toQString(m_questions[pool[QRandomGenerator::global()->bounded(static_cast<int>(pool.size()))]].id),
        seed);
}

void InterviewPage::render()
{
    const auto* qn = current();
    m_choiceBox->setVisible(qn && qn->kind == model::QuestionKind::Choice);
    m_numericBox->setVisible(qn && qn->kind == model::QuestionKind::Numeric);
    m_openBox->setVisible(qn && qn->kind == model::QuestionKind::Open);
    m_designBox->setVisible(qn && qn->kind == model::QuestionKind::Design);
    m_submit->setVisible(qn && qn->kind != model::QuestionKind::Open);
    m_showStep->setEnabled(qn != nullptr);
    if (!qn) {
        m_prompt->clear();
        return;
    }
    const QString kinds[] = { tr("Multiple choice"), tr("Numeric (computed by the model)"),
        tr("Open question — answer aloud in %1 s").arg(qn->seconds),
        tr("Design question — graded against the layout search") };
    m_kind->setText(kinds[static_cast<int>(qn->kind)]
        + (qn->source.empty() ? QString() : QStringLiteral(" · ") + sourceLabel(qn->source)));
    if (qn->kind == model::QuestionKind::Numeric && m_instance)
        m_prompt->setMarkdown(views::toQString(model::render(qn->prompt, m_language, *m_instance)));
    else
        m_prompt->setMarkdown(resolved(qn->prompt, m_language));

    for (auto* b : m_choiceGroup->buttons())
        m_choiceGroup->removeButton(b);
    qDeleteAll(m_choiceRows);
    m_choiceRows.clear();
    // Options in this attempt's order (the seed); each button's id is the choice's index in the file. The text is
    // a word-wrapped label beside the button (a radio button never wraps, and a long option would widen the
    // window); clicking it picks the option too.
    const auto order = model::choiceOrder(*qn, m_seed);
    for (std::size_t k = 0; k < order.size(); ++k) {
        auto* row = new QWidget(m_choiceBox);
        auto* h = new QHBoxLayout(row);
        h->setContentsMargins(0, 0, 0, 0);
        auto* b = new QRadioButton(QString(QChar('A' + int(k))) + QLatin1Char('.'), row);
        auto* text = new QLabel(resolved(qn->choices[static_cast<std::size_t>(order[k])], m_language), row);
        text->setWordWrap(true);
        text->setTextFormat(Qt::PlainText);
        text->setProperty("choiceButton", QVariant::fromValue(static_cast<QObject*>(b)));
        text->installEventFilter(this);
        h->addWidget(b, 0, Qt::AlignTop);
        h->addWidget(text, 1);
        m_choiceGroup->addButton(b, order[k]);
        m_choiceLayout->addWidget(row);
        m_choiceRows.push_back(row);
    }
    m_unit->setText(views::toQString(qn->unit));
    if (!m_answered)
        m_numericEdit->clear();
    m_timerBar->setRange(0, qn->seconds);
    m_timerBar->setValue(m_secondsLeft);
    m_timerBar->setFormat(tr("%1 s left").arg(m_secondsLeft));
    m_gotIt->setEnabled(m_revealed && !m_answered);
    m_missed->setEnabled(m_revealed && !m_answered);
    m_reveal->setEnabled(!m_revealed);
    m_submit->setEnabled(!m_answered && !m_pendingDesign);
    m_feedback->setMarkdown(m_feedbackMarkdown = m_feedbackSource);
    updateScore();
}

void InterviewPage::finish(bool correct, const QString& feedback)
{
    m_answered = true;
    m_lastCorrect = correct;
    m_progress.recordAnswer(currentId(), correct);
    if (QString error; !m_progress.save(&error))
        emit saveFailed(error);
    // When spaced repetition brings the question back (SM-2): again today after a miss, then 1, 6, … days.
    const int days = static_cast<int>(m_progress.record(currentId()).card.dueDay - LessonProgress::today());
    const QString next
        = days <= 0 ? tr("It comes back in this session's review.") : tr("Next review in %n day(s).", nullptr, days);
    m_feedbackSource = (correct ? tr("**Correct.**") : tr("**Not quite.**")) + QLatin1Char(' ') + next
        + QStringLiteral("\n\n") + feedback;
    render();
}

bool InterviewPage::answerChoice(int index)
{
    const auto* qn = current();
    if (!qn || qn->kind != model::QuestionKind::Choice || m_answered || index < 0 || index >= int(qn->choices.size()))
        return false;
    const auto order = model::choiceOrder(*qn, m_seed);
    const auto shown = std::find(order.begin(), order.end(), qn->correct) - order.begin();
    const auto right = QString(QChar('A' + int(shown)));
    finish(index == qn->correct, tr("Answer: %1. %2").arg(right, resolved(qn->explanation, m_language)));
    return true;
}

bool InterviewPage::answerDesign(const model::DesignAnswer& answer)
{
    const auto* qn = current();
    if (!qn || qn->kind != model::QuestionKind::Design || m_answered || m_pendingDesign)
        return false;
    if (m_designSearches.contains(currentId())) {
        gradeDesign(*qn, answer);
        return true;
    }
    // The search takes from tens of milliseconds to seconds: it runs on the thread pool, not in the window's thread.
    m_pendingDesign = answer;
    searchDesign(*qn);
    m_feedbackSource = tr("Grading against the layout search…");
    render();
    return true;
}

void InterviewPage::searchDesign(const model::Question& question)
{
    const QString id = views::toQString(question.id);
    if (m_designSearches.contains(id) || m_designSearching.contains(id))
        return;
    auto* watcher = new QFutureWatcher<model::Result<model::SearchResult>>(this);
    m_designSearching.insert(id, watcher);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, id, watcher] {
        m_designSearching.remove(id);
        watcher->deleteLater();
        designSearched(id, watcher->future().takeResult());
    });
    watcher->setFuture(QtConcurrent::run([question]() -> model::Result<model::SearchResult> {
        auto search = model::designSearch(question);
        if (!search)
            return search.problems();
        return model::gradingPart(std::move(search).value()); // what grading reads: kilobytes, not megabytes
    }));
}

void InterviewPage::designSearched(const QString& id, model::Result<model::SearchResult> result)
{
    const bool waiting = m_pendingDesign && id == currentId();
    if (!result) {
        if (waiting) {
            m_pendingDesign.reset();
            m_feedbackSource = views::problemsText(result.problems());
            render();
        }
        return;
    }
    // The last two searches are kept (grading's part of each); a question shown again after them is searched again,
    // in the background.
    constexpr int kKeptSearches = 2;
    m_designSearches.insert(id, std::move(result).value());
    m_designSearchOrder.removeAll(id);
    m_designSearchOrder.append(id);
    while (m_designSearchOrder.size() > kKeptSearches)
        m_designSearches.remove(m_designSearchOrder.takeFirst());
    if (!waiting)
        return;
    const auto answer = *std::exchange(m_pendingDesign, std::nullopt);
    gradeDesign(*current(), answer);
}

void InterviewPage::gradeDesign(const model::Question& question, const model::DesignAnswer& answer)
{
    const auto grade = model::gradeDesign(question, m_designSearches.value(views::toQString(question.id)), answer);
    m_lastCredit = grade.credit;
    const auto layout = [](const model::LayoutResult& r) {
        return tr("**%1**: %2 per step, MFU %3")
            .arg(views::toQString(r.scenario.name.en), views::secondsText(r.metrics.stepSeconds),
                views::percentText(r.metrics.mfu));
    };
    QString text = tr("Fastest layout the search finds: %1.").arg(layout(grade.best)) + QStringLiteral("\n\n");
    if (grade.yours)
        text += tr("Yours, %1, at its best: %2 — %3 of the fastest step.")
                    .arg(views::toQString(model::designText(answer)), layout(*grade.yours),
                        views::percentText(grade.ratio));
    else
        text += tr("Yours, %1, cannot run: %2.")
                    .arg(views::toQString(model::designText(answer)), views::toQString(grade.why));
    text += QStringLiteral(" ")
        + (grade.credit >= 1       ? tr("Full credit (within 5 %).")
                : grade.credit > 0 ? tr("Half credit (within 25 %).")
                                   : tr("No credit."));
    finish(grade.credit >= 1, text + QStringLiteral("\n\n") + resolved(question.explanation, m_language));
}

bool InterviewPage::answerNumeric(double value)
{
    const auto* qn = current();
    if (!qn || qn->kind != model::QuestionKind::Numeric || m_answered || !m_instance)
        return false;
    const bool ok = model::isCorrect(*qn, *m_instance, value);
    finish(ok,
        tr("Model answer: %1 (tolerance ±%2 %).\n\n%3")
            .arg(views::toQString(m_instance->figures.at("answer.in_unit").text))
            .arg(qn->tolerance * 100)
            .arg(views::toQString(model::render(qn->solution, m_language, *m_instance))));
    return true;
}

void InterviewPage::revealOpen()
{
    const auto* qn = current();
    if (!qn || qn->kind != model::QuestionKind::Open || m_revealed)
        return;
    m_revealed = true;
    m_timer->stop();
    QString text = tr("**Model answer**") + QStringLiteral("\n\n") + resolved(qn->answer, m_language);
    if (!qn->keyPoints.empty()) {
        text += QStringLiteral("\n\n") + tr("**Key points**") + QStringLiteral("\n\n");
        for (const auto& k : qn->keyPoints)
            text += QStringLiteral("- ") + resolved(k, m_language) + QStringLiteral("\n");
    }
    m_feedbackSource = text + QStringLiteral("\n\n") + tr("Did your answer cover them? Grade yourself.");
    render();
}

bool InterviewPage::gradeOpen(bool gotIt)
{
    const auto* qn = current();
    if (!qn || qn->kind != model::QuestionKind::Open || !m_revealed || m_answered)
        return false;
    const auto shown = m_feedbackSource;
    finish(gotIt, shown);
    return true;
}

void InterviewPage::tick()
{
    if (m_secondsLeft > 0)
        --m_secondsLeft;
    m_timerBar->setValue(m_secondsLeft);
    m_timerBar->setFormat(tr("%1 s left").arg(m_secondsLeft));
    if (m_secondsLeft == 0)
        revealOpen();
}

void InterviewPage::updateScore()
{
    const std::int64_t today = LessonProgress::today();
    QString text = tr("Answered %1 · correct %2 · due today %3")
                       .arg(m_progress.answered())
                       .arg(m_progress.answeredCorrectly())
                       .arg(m_progress.reviewQueue(today).size());
    if (const auto next = m_progress.nextDueAfter(today))
        text += tr(" · next review %1").arg(QLocale().toString(QDate(1970, 1, 1).addDays(*next), QLocale::ShortFormat));
    m_score->setText(text);
    // The lesson quiz: how far the learner is through this lesson's questions.
    int answered = 0;
    if (!m_lessonQuiz.isEmpty())
        for (const auto& q : m_questions)
            answered += inLesson(q, m_lessonQuiz) && m_progress.record(views::toQString(q.id)).attempts > 0 ? 1 : 0;
    m_quizLabel->setText(m_lessonQuiz.isEmpty() ? QString()
                                                : tr("Quiz on lesson %1: %2 of %3 questions answered")
                                                      .arg(m_lessonQuiz.left(2))
                                                      .arg(answered)
                                                      .arg(lessonQuestionCount(m_lessonQuiz)));
    m_quizLabel->setVisible(!m_lessonQuiz.isEmpty());
    m_allLessons->setVisible(!m_lessonQuiz.isEmpty());
}

void InterviewPage::startLessonQuiz(const QString& lessonId)
{
    m_lessonQuiz = lessonId;
    updateScore();
}

QStringList InterviewPage::questionIds() const
{
    QStringList ids;
    for (const auto& q : m_questions)
        ids << views::toQString(q.id);
    return ids;
}

int InterviewPage::lessonQuestionCount(const QString& lessonId) const
{
    return static_cast<int>(std::count_if(
        m_questions.begin(), m_questions.end(), [&](const model::Question& q) { return inLesson(q, lessonId); }));
}

void InterviewPage::retranslate()
{
    m_allLessons->setText(tr("All lessons"));
    m_allLessons->setToolTip(tr("Questions from every lesson again"));
    m_filter->setItemText(0, tr("All questions"));
    m_filter->setItemText(1, tr("Multiple choice"));
    m_filter->setItemText(2, tr("Numeric"));
    m_filter->setItemText(3, tr("Open (60-second drill)"));
    m_filter->setItemText(4, tr("Design (choose the layout)"));
    m_filter->setToolTip(tr("Which kind of question comes next"));
    m_reveal->setText(tr("Show model answer"));
    m_gotIt->setText(tr("I had it"));
    m_missed->setText(tr("I missed it"));
    m_submit->setText(tr("Check answer"));
    const char* const degrees[]
        = { QT_TR_NOOP("DP"), QT_TR_NOOP("TP"), QT_TR_NOOP("PP"), QT_TR_NOOP("EP"), QT_TR_NOOP("ZeRO stage") };
    for (int i = 0; i < 5; ++i)
        m_designLabels[i]->setText(tr(degrees[i]));
    m_showStep->setText(tr("Show me in the lesson"));
    m_next->setText(tr("Next question ▶"));
    m_next->setToolTip(tr("Missed questions come back first"));
    render();
}

bool InterviewPage::eventFilter(QObject* watched, QEvent* event)
{
    // A click on an option's text picks its button.
    if (event->type() == QEvent::MouseButtonRelease)
        if (auto* b = qobject_cast<QRadioButton*>(watched->property("choiceButton").value<QObject*>());
            b && b->isEnabled()) {
            b->setChecked(true);
            return true;
        }
    return QWidget::eventFilter(watched, event);
}

void InterviewPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace tutor::app
