// SPDX-License-Identifier: MIT
#include "shortcutrouter.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace tutor::app {

namespace {
bool isPrintable(const QKeyEvent* key)
{
    return !key->text().isEmpty() && key->text().at(0).isPrint();
}

bool isSpinBox(const QWidget* widget)
{
    return qobject_cast<const QAbstractSpinBox*>(widget) != nullptr;
}
} // namespace

ShortcutRouter::ShortcutRouter(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    qApp->installEventFilter(this);
}

ShortcutRouter::~ShortcutRouter()
{
    qApp->removeEventFilter(this);
}

bool ShortcutRouter::isField(const QWidget* widget)
{
    if (isSpinBox(widget))
        return true;
    if (const auto* line = qobject_cast<const QLineEdit*>(widget))
        return !line->isReadOnly();
    if (const auto* combo = qobject_cast<const QComboBox*>(widget))
        return combo->isEditable();
    if (const auto* text = qobject_cast<const QTextEdit*>(widget))
        return !text->isReadOnly();
    if (const auto* plain = qobject_cast<const QPlainTextEdit*>(widget))
        return !plain->isReadOnly();
    return false;
}

bool ShortcutRouter::watches(const QWidget* widget) const
{
    // Dialogs (modal ones shadow the window's actions) and popups (menus, combo lists) keep their keys.
    if (!widget || QApplication::activePopupWidget())
        return false;
    const QWidget* top = widget->window();
    if (top != m_window && !qobject_cast<const QDockWidget*>(top))
        return false;
    for (const QWidget* w = widget; w; w = w->parentWidget())
        if (w == m_window)
            return true;
    return false;
}

bool ShortcutRouter::isShortcutKey(const QKeyEvent* key) const
{
    const Qt::KeyboardModifiers mods = key->modifiers() & ~Qt::KeypadModifier;
    if (mods & ~Qt::ShiftModifier)
        return false; // Ctrl/Alt combinations are never typed into a field
    const QKeySequence exact(QKeyCombination(mods, static_cast<Qt::Key>(key->key())));
    const QKeySequence plain(QKeyCombination(Qt::NoModifier, static_cast<Qt::Key>(key->key())));
    const auto actions = m_window->actions();
    for (const QAction* a : actions) {
        if (!a->isEnabled())
            continue;
        for (const QKeySequence& s : a->shortcuts())
            if (s == exact || (isPrintable(key) && s == plain))
                return true;
    }
    return false;
}

bool ShortcutRouter::eventFilter(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::ShortcutOverride && type != QEvent::KeyPress && type != QEvent::FocusOut)
        return false;
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || !widget->isWidgetType())
        return false;
    if (type == QEvent::FocusOut) {
        if (widget == m_editing)
            m_editing.clear();
        return false;
    }
    if (!watches(widget))
        return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    const bool field = isField(widget);
    if (type == QEvent::KeyPress) {
        if (!field)
            return false;
        if (widget == m_editing) {
            if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter || key->key() == Qt::Key_Escape)
                m_editing.clear(); // the field still gets the key: Enter commits, Escape reverts
        } else if (isPrintable(key) || key->key() == Qt::Key_Backspace || key->key() == Qt::Key_Delete) {
            m_editing = widget;
        }
        return false;
    }
    // ShortcutOverride: returning true without accepting keeps the key from the widget and lets the shortcut
    // map match it against the actions.
    if (widget == m_editing || !isShortcutKey(key))
        return false;
    if (field && !isSpinBox(widget) && isPrintable(key))
        return false; // free text: the first letter or space is typed and starts editing
    return true;
}

} // namespace tutor::app
