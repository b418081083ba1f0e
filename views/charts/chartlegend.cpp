// SPDX-License-Identifier: MIT
#include "chartlegend.h"

#include <QAreaSeries>
#include <QChart>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QPainter>
#include <QScatterSeries>
#include <QXYSeries>
#include <algorithm>
#include <memory>
#include <vector>

namespace tutor::views::charts {

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

/// The small picture before a name: a line in the series' pen, a dot for scatter points, a filled box otherwise.
QPixmap swatch(QLegendMarker* marker, const QColor& background, qreal dpr)
{
    const QSize size(22, 12);
    QPixmap pixmap(size * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const QAbstractSeries* series = marker->series();
    const QRectF box(1, 1, size.width() - 2, size.height() - 2);
    if (const auto* scatter = qobject_cast<const QScatterSeries*>(series)) {
        QColor fill = scatter->color();
        painter.setBrush(fill.alpha() == 0 ? QBrush(background) : QBrush(fill));
        painter.setPen(QPen(scatter->borderColor(), 1.5));
        painter.drawEllipse(box.center(), 4.5, 4.5);
    } else if (qobject_cast<const QXYSeries*>(series)) {
        QPen pen = static_cast<const QXYSeries*>(series)->pen();
        pen.setWidthF(std::clamp(pen.widthF(), 1.5, 3.0));
        painter.setPen(pen);
        painter.drawLine(QPointF(box.left(), box.center().y()), QPointF(box.right(), box.center().y()));
    } else {
        painter.setPen(marker->pen().style() == Qt::NoPen ? QPen(marker->brush().color().darker(130)) : marker->pen());
        painter.setBrush(marker->brush());
        painter.drawRect(box.adjusted(4, 0, -4, 0));
    }
    return pixmap;
}

} // namespace

ChartLegend::ChartLegend(QChart* chart, QWidget* parent)
    : QWidget(parent)
    , m_chart(chart)
{
    setObjectName(QStringLiteral("chartLegend"));
    chart->legend()->hide();
    new FlowLayout(this);
    setAutoFillBackground(true);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ChartLegend::sync(const Palette& palette)
{
    QPalette colours = this->palette();
    colours.setColor(QPalette::Window, palette.background);
    colours.setColor(QPalette::WindowText, palette.text);
    setPalette(colours);

    // The same entries in the same colours: nothing to redo (the search page redraws its chart as results arrive).
    QString signature = palette.background.name() + palette.text.name();
    for (QLegendMarker* marker : m_chart->legend()->markers())
        signature += QStringLiteral("|%1/%2/%3/%4/%5")
                         .arg(marker->label(), marker->pen().color().name(QColor::HexArgb),
                             marker->brush().color().name(QColor::HexArgb))
                         .arg(int(marker->series()->isVisible()))
                         .arg(int(marker->pen().style()));
    if (signature == m_signature)
        return;
    m_signature = signature;

    QLayout* flow = layout();
    while (QLayoutItem* item = flow->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    for (QLegendMarker* marker : m_chart->legend()->markers()) {
        // (A marker's own visibility follows the hidden Qt legend; the series' says whether it is drawn.)
        if (marker->label().isEmpty() || !marker->series()->isVisible())
            continue;
        auto* entry = new QWidget(this);
        auto* row = new QHBoxLayout(entry);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(4);
        auto* picture = new QLabel(entry);
        picture->setPixmap(swatch(marker, palette.background, devicePixelRatioF()));
        auto* name = new QLabel(marker->label(), entry);
        name->setObjectName(QStringLiteral("legendText"));
        name->setTextFormat(Qt::PlainText);
        row->addWidget(picture);
        row->addWidget(name);
        flow->addWidget(entry);
    }
    setVisible(flow->count() > 0);
    updateGeometry();
}

QStringList ChartLegend::texts() const
{
    QStringList out;
    for (const QLabel* name : findChildren<QLabel*>(QStringLiteral("legendText")))
        out << name->text();
    return out;
}

bool ChartLegend::showsEveryTextWhole() const
{
    const QList<QLabel*> names = findChildren<QLabel*>(QStringLiteral("legendText"));
    return std::all_of(names.begin(), names.end(), [this](const QLabel* name) {
        const QWidget* entry = name->parentWidget();
        return name->width() >= name->sizeHint().width() && name->geometry().right() < entry->width()
            && entry->geometry().right() < width();
    });
}

} // namespace tutor::views::charts
