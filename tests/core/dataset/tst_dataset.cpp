// Data sets: their content hash follows their content.
#include "TestSupport.h"
#include "dataset/Dataset.h"
#include "io/Loaders.h"

#include <QtTest>

using namespace px;

class TestDataset : public QObject {
    Q_OBJECT
private slots:

    void contentHashTracksContent() {
        Dataset a = io::loadOgb(pxtest::testData("valid/ogb_small"));
        Dataset b = io::loadOgb(pxtest::testData("valid/ogb_small"));
        QCOMPARE(a.contentHash(), b.contentHash());
        b.labels(1, 1) = 0.25;
        QVERIFY(a.contentHash() != b.contentHash());
    }

};

QTEST_APPLESS_MAIN(TestDataset)
#include "tst_dataset.moc"
