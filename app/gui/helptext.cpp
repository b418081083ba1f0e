// SPDX-License-Identifier: MIT
#include "helptext.h"

#include <QAction>
#include <QKeySequence>
#include <QRegularExpression>
#include <QStringList>

namespace tutor::app {

QString HelpText::page(Navigator::Page page)
{
    QString body;
    switch (page) {
    case Navigator::Collectives:
        body = tr("Choose a collective, algorithm, ranks and message size on the right and press Space to play. "
                  "Each rank's buffer is a row of chunks coloured by whose data they hold; → and ← move exactly one "
                  "algorithm step, End shows the final state. The readout gives the α (latency) and β (bandwidth) "
                  "terms, algbw and busbw, and what NCCL would pick.");
        break;
    case Navigator::Training:
        body = tr("Edit the scenario in the form or open one (Ctrl+O). The timeline shows compute and communication "
                  "per pipeline stage, exposed communication and pipeline bubbles; → and ← move from one event to "
                  "the next. Click an event for its details; the charts tab sweeps one parameter.");
        break;
    case Navigator::LiveLab:
        body = tr("Run real collectives on this machine (MPI) or its GPUs (NCCL) over a range of sizes, then compare "
                  "the measured bus bandwidth with the model. Fit α and β from the runs and use them for the "
                  "Collectives predictions.");
        break;
    case Navigator::Lessons:
        body = tr("Pick a lesson on the left and read each step; the scene above plays like the other pages (Space, "
                  "← →). Do the step's task to go on with Next. The Interview tab asks questions and grades your "
                  "answers.");
        break;
    case Navigator::Search:
        body = tr("Choose a model, the number of GPUs, the hardware and the global batch; the search simulates every "
                  "parallel layout (TP, PP, DP, micro-batches) and ranks them by step time. Double-click a row to "
                  "open that layout on the Training page.");
        break;
    case Navigator::Traces:
        body = tr("Open traces… reads PyTorch profiler traces, one file per rank (.json or .json.gz). The Gantt chart "
                  "shows every rank's CUDA streams; the Ranks tab gives compute, communication, exposed communication, "
                  "HTA's overlap and lateness per rank; the Collectives tab gives each collective's measured time and "
                  "bus bandwidth beside the model's on the hardware chosen on the right.");
        break;
    case Navigator::PageCount:
        break;
    }
    return QStringLiteral("<h3>%1</h3><p>%2</p>").arg(Navigator::title(page).toHtmlEscaped(), body.toHtmlEscaped());
}

QString HelpText::forPage(Navigator::Page current)
{
    QString html = page(current);
    for (int p = 0; p < Navigator::PageCount; ++p)
        if (p != current)
            html += page(static_cast<Navigator::Page>(p));
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("Every key of the window is listed under Help → Keyboard shortcuts (?). Keys work whatever "
                        "has focus; a field takes them only while you are typing into it (Enter or Escape ends "
                        "the edit).")
                         .toHtmlEscaped());
    return html;
}

QString HelpText::shortcutSheet(const QList<QAction*>& actions)
{
    QString html = QStringLiteral("<table cellspacing='4'><tr><th align='left'>%1</th><th align='left'>%2</th></tr>")
                       .arg(tr("Action").toHtmlEscaped(), tr("Keys").toHtmlEscaped());
    for (const QAction* a : actions) {
        if (a->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        QString text = a->text();
        text.remove(QRegularExpression(QStringLiteral("&(?!&)"))).replace(QStringLiteral("&&"), QStringLiteral("&"));
        html += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                    .arg(text.toHtmlEscaped(), keys.join(QStringLiteral(" · ")).toHtmlEscaped());
    }
    return html + QStringLiteral("</table>");
}

} // namespace tutor::app
