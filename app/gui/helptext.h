// SPDX-License-Identifier: MIT
#pragma once
// The F1 help of every page and the keyboard shortcut sheet (Help → Keyboard shortcuts, "?"). The sheet is
// written from the window's actions, so it always lists the keys that work.
#include "navigator.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

class QAction;

namespace tutor::app {

class HelpText {
    Q_DECLARE_TR_FUNCTIONS(HelpText)
public:
    /// How to use `page`, as rich text headed by the page's title.
    static QString page(Navigator::Page page);
    /// The help shown by F1: the current page first, then the other pages, then where to find the keys.
    static QString forPage(Navigator::Page current);
    /// A table of every action in `actions` that has a shortcut: what it does and its keys (native text).
    static QString shortcutSheet(const QList<QAction*>& actions);
};

} // namespace tutor::app
