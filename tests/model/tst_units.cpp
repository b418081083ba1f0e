// SPDX-License-Identifier: MIT
// Units: byte sizes, element types, formatting (model/units.h).
#include "model/collectives/units.h"

#include <QtTest>

using namespace tutor::model;

class TestUnits : public QObject {
    Q_OBJECT
private slots:
    void parseBytes_data();
    void parseBytes();
    void dtypes_data();
    void dtypes();
    void formatBytes_data();
    void formatBytes();
    void joinList();
};

void TestUnits::parseBytes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qlonglong>("bytes");
    // nccl-tests: K/M/G are binary (2^10, 2^20, 2^30); kB/MB/GB decimal.
    QTest::newRow("plain") << "8" << true << qlonglong(8);
    QTest::newRow("64K") << "64K" << true << qlonglong(64) * 1024;
    QTest::newRow("8M") << "8M" << true << qlonglong(8) * 1024 * 1024;
    QTest::newRow("8G") << "8G" << true << qlonglong(8) * 1024 * 1024 * 1024;
    QTest::newRow("25MiB") << "25MiB" << true << qlonglong(25) * 1024 * 1024;
    QTest::newRow("1.5GB decimal") << "1.5GB" << true << qlonglong(1'500'000'000);
    QTest::newRow("negative") << "-1" << false << qlonglong(0);
    QTest::newRow("unknown suffix") << "8Q" << false << qlonglong(0);
    QTest::newRow("empty") << "" << false << qlonglong(0);
}

void TestUnits::parseBytes()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qlonglong, bytes);
    const auto parsed = tutor::model::parseBytes(text.toStdString());
    QCOMPARE(parsed.has_value(), ok);
    if (ok)
        QCOMPARE(qlonglong(*parsed), bytes);
}

void TestUnits::dtypes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("size");
    QTest::addColumn<QString>("ncclName");
    QTest::newRow("float") << "float" << 4 << "float";
    QTest::newRow("fp32 alias") << "fp32" << 4 << "float";
    QTest::newRow("bf16 alias") << "bf16" << 2 << "bfloat16";
    QTest::newRow("half") << "half" << 2 << "half";
    QTest::newRow("double") << "double" << 8 << "double";
    QTest::newRow("int8") << "int8" << 1 << "int8";
}

void TestUnits::dtypes()
{
    QFETCH(QString, text);
    QFETCH(int, size);
    QFETCH(QString, ncclName);
    const auto type = parseDType(text.toStdString());
    QVERIFY(type.has_value());
    QCOMPARE(sizeOf(*type), size);
    QCOMPARE(QString::fromUtf8(name(*type).data(), qsizetype(name(*type).size())), ncclName);
    QVERIFY(!parseDType("complex128").has_value());
}

void TestUnits::formatBytes_data()
{
    QTest::addColumn<qlonglong>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("512 B") << qlonglong(512) << "512 B";
    QTest::newRow("1 GiB") << qlonglong(GiB) << "1 GiB";
    QTest::newRow("1.5 GiB") << qlonglong(3 * GiB / 2) << "1.50 GiB";
}

void TestUnits::formatBytes()
{
    QFETCH(qlonglong, bytes);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(tutor::model::formatBytes(bytes)), text);
}

// One list joiner for every language: the last two items take `last`, the others `separator`.
void TestUnits::joinList()
{
    using tutor::model::joinList;
    QCOMPARE(joinList({}), std::string());
    QCOMPARE(joinList({ "ring" }), std::string("ring"));
    QCOMPARE(joinList({ "ring", "tree" }), std::string("ring and tree"));
    QCOMPARE(joinList({ "LL", "LL128", "Simple" }), std::string("LL, LL128 and Simple"));
    QCOMPARE(joinList({ "ring", "tree", "NVLS" }, "、", " 和 "), std::string("ring、tree 和 NVLS"));
}

QTEST_APPLESS_MAIN(TestUnits)
#include "tst_units.moc"
