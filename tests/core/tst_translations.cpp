#include "testsupport.h"

#include "valis/core/translations.h"

#include <QCoreApplication>
#include <QTranslator>

class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void germanIsEmbeddedAndFound();
    void chineseIsEmbeddedAndFound();
    void unknownLanguageStaysEnglish();
};

void TestTranslations::germanIsEmbeddedAndFound()
{
    valis::installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany));
    // Contexts in the .ts file must be the ones the code translates with.
    QCOMPARE(QCoreApplication::translate("valis::MainWindow", "&File"), QStringLiteral("&Datei"));
    QCOMPARE(QCoreApplication::translate("valis::SessionListModel", "Untitled session"), QStringLiteral("Unbenannte Sitzung"));
    QCOMPARE(QCoreApplication::translate("valis::PageMessages", "%n lines", nullptr, 3), QStringLiteral("3 Zeilen"));
}

void TestTranslations::chineseIsEmbeddedAndFound()
{
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator *>();
    for (QTranslator *translator : translators) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
    valis::installTranslations(*QCoreApplication::instance(), QLocale(QLocale::Chinese, QLocale::China));
    QCOMPARE(QCoreApplication::translate("valis::SessionListModel", "Untitled session"), QStringLiteral("无标题会话"));
    // One plural form, the count kept.
    const QString lines = QCoreApplication::translate("valis::PageMessages", "%n lines", nullptr, 3);
    QVERIFY2(lines.contains(QLatin1Char('3')) && !lines.contains(QLatin1String("lines")), qPrintable(lines));
}

void TestTranslations::unknownLanguageStaysEnglish()
{
    const auto translators = QCoreApplication::instance()->findChildren<QTranslator *>();
    for (QTranslator *translator : translators) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
    valis::installTranslations(*QCoreApplication::instance(), QLocale(QLocale::Icelandic));
    QCOMPARE(QCoreApplication::translate("valis::MainWindow", "&File"), QStringLiteral("&File"));
}

VALIS_TEST_MAIN(TestTranslations)
#include "tst_translations.moc"
