// SPDX-License-Identifier: MIT
#include "navigator.h"

#include <QEvent>
#include <QStyle>

namespace tutor::app {

Navigator::Navigator(QWidget* parent)
    : QListWidget(parent)
{
    setObjectName(QStringLiteral("navigator"));
    setSelectionMode(QAbstractItemView::SingleSelection);
    setUniformItemSizes(true);
    setSpacing(2);
    const QStyle::StandardPixmap icons[PageCount]
        = { QStyle::SP_ComputerIcon, QStyle::SP_FileDialogDetailedView, QStyle::SP_DriveNetIcon,
              QStyle::SP_DialogHelpButton, QStyle::SP_FileDialogContentsView, QStyle::SP_FileDialogInfoView };
    for (int p = 0; p < PageCount; ++p)
        addItem(new QListWidgetItem(style()->standardIcon(icons[p]), QString()));
    retranslate();
    connect(this, &QListWidget::currentRowChanged, this, &Navigator::pageSelected);
    setMaximumWidth(220);
}

QString Navigator::title(Page page)
{
    switch (page) {
    case Collectives:
        return tr("Collectives");
    case Training:
        return tr("Training step");
    case LiveLab:
        return tr("Live lab");
    case Lessons:
        return tr("Lessons");
    case Search:
        return tr("Layout search");
    case Traces:
        return tr("Trace lab");
    case PageCount:
        break;
    }
    return {};
}

QString Navigator::toolTip(Page page)
{
    switch (page) {
    case Collectives:
        return tr("Watch one collective move chunks between GPUs, with its cost (Ctrl+1)");
    case Training:
        return tr("Simulate a whole training step: timeline, overlap, bubbles, charts (Ctrl+2)");
    case LiveLab:
        return tr("Run real collectives with NCCL or MPI and compare with the model (Ctrl+3)");
    case Lessons:
        return tr("Guided lessons and interview questions (Ctrl+4)");
    case Search:
        return tr("Rank the parallel layouts of a model on N GPUs by simulated step time (Ctrl+5)");
    case Traces:
        return tr("Open PyTorch profiler traces: overlap, exposed communication, bandwidth, stragglers (Ctrl+6)");
    case PageCount:
        break;
    }
    return {};
}

void Navigator::retranslate()
{
    for (int p = 0; p < PageCount && p < count(); ++p) {
        item(p)->setText(title(static_cast<Page>(p)));
        item(p)->setToolTip(toolTip(static_cast<Page>(p)));
    }
    setToolTip(tr("Choose what to study"));
}

void Navigator::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QListWidget::changeEvent(event);
}

} // namespace tutor::app
