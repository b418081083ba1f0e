// SPDX-License-Identifier: MIT
#pragma once
// Routes plain keys (Space, ←/→, +, L, ? …) to the window's application-wide actions whatever has focus; a
// field takes them only while it is being edited. Qt lets a focused spin box or line edit claim such keys
// (ShortcutOverride), so "+" typed into the Nodes box and ←/→ moved its cursor instead of the animation.
//
// A field (spin box, editable line, combo box or text) is being edited from the first key typed into it (a
// digit, a letter, Backspace …) until Enter, Escape or focus leaves it. Free-text fields start editing on any
// printable key, so the first letter of a name is typed, not taken as a shortcut; spin boxes start on keys
// that are not shortcuts. Read-only widgets (lesson text, lists, sliders) never claim a shortcut's key.
#include <QObject>
#include <QPointer>

class QKeyEvent;
class QWidget;

namespace tutor::app {

class ShortcutRouter : public QObject {
    Q_OBJECT
public:
    /// Watches the keys of `window` and its floating docks (installs itself on the application).
    explicit ShortcutRouter(QWidget* window);
    ~ShortcutRouter() override;

    /// True while `field` is being edited (it then receives every key it wants).
    bool isEditing(const QWidget* field) const { return field && field == m_editing; }
    /// Spin boxes, editable line edits, combo boxes and text edits.
    static bool isField(const QWidget* widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool isShortcutKey(const QKeyEvent* key) const;
    bool watches(const QWidget* widget) const;

    QWidget* m_window;
    QPointer<QWidget> m_editing;
};

} // namespace tutor::app
