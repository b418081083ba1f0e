#include "placeholderstage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace tutor::app {

PlaceholderStage::PlaceholderStage(std::function<QString()> text, QWidget* parent)
    : Stage(parent)
    , m_text(std::move(text))
{
    m_label = new QLabel(this);
    m_label->setAlignment(Qt::AlignCenter);
    m_label->setWordWrap(true);
    QFont f = m_label->font();
    f.setPointSizeF(f.pointSizeF() * 1.4);
    m_label->setFont(f);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_label);
    retranslate();
}

QString PlaceholderStage::explanation() const
{
    return m_text ? m_text() : QString();
}

void PlaceholderStage::retranslate()
{
    m_label->setText(explanation());
    emit explanationChanged(explanation());
}

} // namespace tutor::app
