// SPDX-License-Identifier: MIT
#pragma once
// The list of stages on the left: Collectives, Training step, Live lab, Lessons, Layout search, Trace lab.
#include <QListWidget>

namespace tutor::app {

class Navigator : public QListWidget {
    Q_OBJECT
public:
    enum Page { Collectives, Training, LiveLab, Lessons, Search, Traces, PageCount };

    explicit Navigator(QWidget* parent = nullptr);
    /// Page titles in the current language ("Collectives", "集合通信", ...).
    static QString title(Page page);
    static QString toolTip(Page page);
    void retranslate();

signals:
    void pageSelected(int page);

protected:
    void changeEvent(QEvent* event) override;
};

} // namespace tutor::app
