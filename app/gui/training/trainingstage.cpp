#include "trainingstage.h"

#include "views/timelineview.h"

#include <QLabel>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace tutor::app {

TrainingStage::TrainingStage(QWidget* parent)
    : Stage(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    m_timeline = new views::TimelineView(m_stack);
    m_charts = new QLabel(tr("Charts"), m_stack);
    m_stack->addWidget(m_timeline);
    m_stack->addWidget(m_charts);
    layout->addWidget(m_stack);
    m_panel = new QLabel(tr("Scenario"));
}

TrainingStage::~TrainingStage()
{
    if (m_panel && !m_panel->parent())
        delete m_panel;
}

void TrainingStage::showView(View view)
{
    m_view = view;
    m_stack->setCurrentIndex(view == View::Timeline ? 0 : 1);
}

model::Problems TrainingStage::openScenario(const QString& path)
{
    return { model::Problem { "file", path.toStdString(), "scenario files are not supported yet", {} } };
}

void TrainingStage::loadScenarioFile(const QString& path)
{
    const auto problems = openScenario(path);
    if (!problems.empty())
        emit message(QString::fromStdString(model::toText(problems)), true);
}

bool TrainingStage::saveScenario(const QString&, QString* error)
{
    if (error)
        *error = tr("Saving scenarios is not available yet");
    return false;
}

bool TrainingStage::exportTrace(const QString&, QString* error)
{
    if (error)
        *error = tr("Trace export is not available yet");
    return false;
}

bool TrainingStage::exportCsv(const QString&, QString* error)
{
    if (error)
        *error = tr("CSV export is not available yet");
    return false;
}

double TrainingStage::duration() const
{
    return m_timeline->timeline().duration;
}

void TrainingStage::setTime(double t)
{
    m_time = t;
    m_timeline->setTime(t);
    emit timeChanged(m_timeline->time());
}

QWidget* TrainingStage::parameterPanel()
{
    return m_panel;
}

QString TrainingStage::explanation() const
{
    return tr("The simulated training step.");
}

void TrainingStage::retranslate()
{
}

} // namespace tutor::app
