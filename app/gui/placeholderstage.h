#pragma once
// A page whose content arrives with a later part of the product; says so plainly.
#include "stage.h"

#include <functional>

class QLabel;

namespace tutor::app {

class PlaceholderStage : public Stage {
    Q_OBJECT
public:
    /// `text` is called again on every language change so the message is always translated.
    PlaceholderStage(std::function<QString()> text, QWidget* parent = nullptr);
    QString explanation() const override;
    void retranslate() override;

private:
    std::function<QString()> m_text;
    QLabel* m_label;
};

} // namespace tutor::app
