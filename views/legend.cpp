// SPDX-License-Identifier: MIT
#include "legend.h"

#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLayout>
#include <algorithm>
#include <vector>

namespace tutor::views {

namespace {

/// Lays its items out left to right and starts a new row when the next one does not fit: the height depends on the
/// width (heightForWidth), so a parent layout gives the legend as many rows as it needs.
class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent)
        : QLayout(parent)
    {
        setContentsMargins(6, 0, 6, 4);
    }
    ~FlowLayout() override
    {
        while (QLayoutItem* item = FlowLayout::takeAt(0))
            delete item;
    }

    void addItem(QLayoutItem* item) override { m_items.push_back(item); }
    int count() const override { return static_cast<int>(m_items.size()); }
    QLayoutItem* itemAt(int index) const override
    {
        return index >= 0 && index < count() ? m_items[static_cast<size_t>(index)] : nullptr;
    }
    QLayoutItem* takeAt(int index) override
    {
        if (index < 0 || index >= count())
            return nullptr;
        QLayoutItem* item = m_items[static_cast<size_t>(index)];
        m_items.erase(m_items.begin() + index);
        return item;
    }
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return arrange(QRect(0, 0, width, 0), false); }
    void setGeometry(const QRect& rect) override
    {
        QLayout::setGeometry(rect);
        arrange(rect, true);
    }
    QSize sizeHint() const override
    {
        // One row of everything: the width the legend would like.
        int width = 0, height = 0;
        for (QLayoutItem* item : m_items) {
            width += item->sizeHint().width() + kSpacing;
            height = std::max(height, item->sizeHint().height());
        }
        const QMargins m = contentsMargins();
        return { width + m.left() + m.right(), height + m.top() + m.bottom() };
    }
    QSize minimumSize() const override
    {
        // The widest entry: narrower than that, a name would have to be cut.
        QSize size;
        for (QLayoutItem* item : m_items)
            size = size.expandedTo(item->minimumSize());
        const QMargins m = contentsMargins();
        return size + QSize(m.left() + m.right(), m.top() + m.bottom());
    }

private:
    static constexpr int kSpacing = 12;

    int arrange(const QRect& rect, bool place) const
    {
        const QMargins m = contentsMargins();
        const QRect area = rect.marginsRemoved(m);
        int x = area.x(), y = area.y(), rowHeight = 0;
        for (QLayoutItem* item : m_items) {
            const QSize hint = item->sizeHint();
            if (x > area.x() && x + hint.width() > area.right() + 1) {
                x = area.x();
                y += rowHeight + 2;
                rowHeight = 0;
            }
            if (place)
                item->setGeometry(QRect(QPoint(x, y), hint));
            x += hint.width() + kSpacing;
            rowHeight = std::max(rowHeight, hint.height());
        }
        return y + rowHeight - rect.y() + m.bottom();
    }

    std::vector<QLayoutItem*> m_items;
};

} // namespace

Legend::Legend(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("legend"));
    new FlowLayout(this);
    setAutoFillBackground(true);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setVisible(false);
}

void Legend::setEntries(const std::vector<LegendEntry>& entries, const QColor& background, const QColor& text)
{
    QString signature = background.name() + text.name();
    for (const LegendEntry& e : entries) {
        const QImage image = e.swatch.toImage();
        signature += QStringLiteral("|%1|%2|%3")
                         .arg(e.text, e.toolTip)
                         .arg(qHashBits(image.constBits(), static_cast<size_t>(image.sizeInBytes())));
    }
    if (signature == m_signature)
        return;
    m_signature = signature;

    QPalette colours = palette();
    colours.setColor(QPalette::Window, background);
    colours.setColor(QPalette::WindowText, text);
    setPalette(colours);
    QLayout* flow = layout();
    while (QLayoutItem* item = flow->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (const LegendEntry& e : entries) {
        auto* entry = new QWidget(this);
        entry->setToolTip(e.toolTip);
        auto* row = new QHBoxLayout(entry);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(4);
        auto* picture = new QLabel(entry);
        picture->setPixmap(e.swatch);
        auto* name = new QLabel(e.text, entry);
        name->setObjectName(QStringLiteral("legendText"));
        name->setTextFormat(Qt::PlainText);
        row->addWidget(picture);
        row->addWidget(name);
        flow->addWidget(entry);
    }
    setVisible(!entries.empty());
    updateGeometry();
}

QStringList Legend::texts() const
{
    QStringList out;
    for (const QLabel* name : findChildren<QLabel*>(QStringLiteral("legendText")))
        out << name->text();
    return out;
}

bool Legend::showsEveryTextWhole() const
{
    const QList<QLabel*> names = findChildren<QLabel*>(QStringLiteral("legendText"));
    return std::all_of(names.begin(), names.end(), [this](const QLabel* name) {
        const QWidget* entry = name->parentWidget();
        return name->width() >= name->sizeHint().width() && name->geometry().right() < entry->width()
            && entry->geometry().right() < width();
    });
}

} // namespace tutor::views
