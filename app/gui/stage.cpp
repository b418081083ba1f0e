// SPDX-License-Identifier: MIT
#include "stage.h"

#include <QCoreApplication>
#include <QEvent>
#include <utility>

namespace tutor::app {

namespace {
// Hidden on purpose (the page stack hides every page but the current one), as opposed to not shown yet: a page
// of a window not shown (a headless screenshot, a test) takes every change at once.
bool explicitlyHidden(const QWidget& w)
{
    return w.isHidden() && w.testAttribute(Qt::WA_WState_ExplicitShowHide);
}
} // namespace

void Stage::changeColors(const views::Palette& palette)
{
    if (explicitlyHidden(*this)) {
        m_pendingPalette = palette;
        return;
    }
    m_pendingPalette.reset();
    setColors(palette);
}

bool Stage::event(QEvent* event)
{
    switch (event->type()) {
    case QEvent::LanguageChange: {
        if (explicitlyHidden(*this)) {
            m_languageStale = true;
            return true; // its children get the change with it, when it is shown
        }
        m_languageStale = false;
        const bool handled = QWidget::event(event); // changeEvent(), then every child
        retranslate();
        emit explanationChanged(explanation());
        return handled;
    }
    case QEvent::ShowToParent:
        if (m_languageStale) {
            QEvent change(QEvent::LanguageChange);
            QCoreApplication::sendEvent(this, &change);
        }
        if (m_pendingPalette)
            setColors(*std::exchange(m_pendingPalette, std::nullopt));
        break;
    default:
        break;
    }
    return QWidget::event(event);
}

} // namespace tutor::app
