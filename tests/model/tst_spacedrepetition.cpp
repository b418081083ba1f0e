// SPDX-License-Identifier: MIT
// SM-2 (Wozniak 1990, as its usual pseudo-code writes it): right answers of quality 4 keep EF at 2.5 and space the
// reviews 1, 6, 15, 38, 95 days apart (6 × 2.5 = 15, 15 × 2.5 = 37.5 → 38, 38 × 2.5 = 95); quality 5 raises EF by 0.1
// per review; a miss (quality 1) lowers EF by 0.54 (0.1 − 4 × (0.08 + 4 × 0.02)), restarts the run and is due the
// same day; EF never falls below 1.3.
#include "model/teach/spacedrepetition.h"

#include <QTest>

using namespace tutor::model;

class TstSpacedRepetition : public QObject {
    Q_OBJECT
private slots:
    void rightAnswersSpaceOut()
    {
        Sm2Card card;
        std::int64_t day = 20000;
        const int expected[] = { 1, 6, 15, 38, 95 };
        for (const int interval : expected) {
            card = review(card, qualityOf(true), day);
            QCOMPARE(card.intervalDays, interval);
            QCOMPARE(card.dueDay, day + interval);
            QCOMPARE(card.easiness, 2.5);
            day = card.dueDay; // reviewed on the day it is due
        }
        QCOMPARE(card.repetitions, 5);
    }

    void perfectAnswersRaiseEasiness()
    {
        Sm2Card card;
        for (int i = 1; i <= 3; ++i) {
            card = review(card, 5, 0);
            QVERIFY(std::abs(card.easiness - (2.5 + 0.1 * i)) < 1e-12);
        }
        // The third interval uses the EF before that review: 6 × 2.7 = 16.2 → 16.
        QCOMPARE(card.intervalDays, 16);
    }

    void aMissStartsOverTheSameDay()
    {
        Sm2Card card;
        card = review(card, 4, 100);
        card = review(card, 4, 101);
        QCOMPARE(card.intervalDays, 6);
        card = review(card, qualityOf(false), 107);
        QCOMPARE(card.repetitions, 0);
        QCOMPARE(card.dueDay, std::int64_t { 107 });
        QVERIFY(std::abs(card.easiness - (2.5 - 0.54)) < 1e-12);
        // Right again: the run starts from 1 day.
        card = review(card, 4, 107);
        QCOMPARE(card.intervalDays, 1);
        // Misses never push EF below 1.3.
        for (int i = 0; i < 10; ++i)
            card = review(card, 0, 108);
        QCOMPARE(card.easiness, kMinEasiness);
    }

    void gradesAreClamped()
    {
        QCOMPARE(review(Sm2Card {}, 9, 0), review(Sm2Card {}, 5, 0));
        QCOMPARE(review(Sm2Card {}, -3, 0), review(Sm2Card {}, 0, 0));
    }

    void longRunsStayBounded()
    {
        Sm2Card card;
        for (int i = 0; i < 100; ++i)
            card = review(card, 5, card.dueDay);
        QCOMPARE(card.intervalDays, 3650);
        QVERIFY(card.dueDay > 0 && card.dueDay < 400000);
    }
};

QTEST_GUILESS_MAIN(TstSpacedRepetition)
#include "tst_spacedrepetition.moc"
