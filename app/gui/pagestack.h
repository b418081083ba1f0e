// SPDX-License-Identifier: MIT
#pragma once
// Containers that let the window fit small screens (1280×720): a stack of pages sized by the page on show, and a
// scroll area that scrolls a parameter panel vertically only.
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QStyle>

namespace tutor::app {

/// A QStackedWidget whose size hints are those of the page on show. QStackedWidget takes the largest of all its
/// pages, so the widest page (or the tallest parameter panel) would set the window's minimum size on every page.
class PageStack : public QStackedWidget {
public:
    explicit PageStack(QWidget* parent = nullptr)
        : QStackedWidget(parent)
    {
        connect(this, &QStackedWidget::currentChanged, this, [this] { updateGeometry(); });
    }

    QSize sizeHint() const override
    {
        const QWidget* page = currentWidget();
        return page ? page->sizeHint() : QStackedWidget::sizeHint();
    }
    QSize minimumSizeHint() const override
    {
        const QWidget* page = currentWidget();
        return page ? page->minimumSizeHint().expandedTo(page->minimumSize()) : QStackedWidget::minimumSizeHint();
    }
};

/// Scrolls its widget vertically when the window is shorter than it; never narrower than the widget, so a panel is
/// not cut at the side or given a horizontal scroll bar.
class PanelScrollArea : public QScrollArea {
public:
    explicit PanelScrollArea(QWidget* parent = nullptr)
        : QScrollArea(parent)
    {
        setFrameShape(QFrame::NoFrame);
        setWidgetResizable(true);
        setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    }

    QSize minimumSizeHint() const override
    {
        const QSize base = QScrollArea::minimumSizeHint();
        if (!widget())
            return base;
        const int bar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
        return { widget()->minimumSizeHint().width() + bar, base.height() };
    }
};

} // namespace tutor::app
