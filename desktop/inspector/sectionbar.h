#pragma once

#include <QColor>
#include <QList>
#include <QWidget>

namespace valis {

/// A thin stacked bar of a request's sections (system, tools, messages), each as its share of
/// the request's tokens, in the inspector's header. Its accessible description spells the
/// figures out, since a bar alone says nothing to a screen reader.
class SectionBar : public QWidget
{
    Q_OBJECT

public:
    struct Section
    {
        QString label;
        qint64 tokens = 0;
        QColor colour;
    };

    explicit SectionBar(QWidget *parent = nullptr);

    void setSections(const QList<Section> &sections);
    QList<Section> sections() const { return m_sections; }

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QList<Section> m_sections;
};

} // namespace valis
