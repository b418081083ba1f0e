// SPDX-License-Identifier: MIT
// The window's allocator setting (app/gui/memory.h): what a worker thread frees goes back to the system. The thread
// first frees one large block, which with glibc's sliding threshold would let its arena keep up to twice that size
// of free memory, then allocates and frees 48 MiB in small blocks, as a simulation's events are. The resident set
// must come back to within a few MiB of where it was.
#include "app/gui/memory.h"
#include "tests/common/allocator.h"

#include <QFile>
#include <QTest>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {
constexpr std::size_t kMiB = std::size_t { 1 } << 20;

// The resident set from /proc/self/statm (pages); 0 where it cannot be read.
std::size_t residentBytes()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() < 2 ? 0 : fields[1].toULongLong() * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

using tutor::testing::kGlibcAllocator;

// Keeps the compiler from dropping a malloc / memset / free it can see is never read.
void escape(void* p)
{
    asm volatile("" : : "g"(p) : "memory");
}

void churnOnAThread()
{
    std::thread worker([] {
        void* large = std::malloc(30 * kMiB); // mapped on its own; freeing it moves glibc's sliding threshold to 60 MiB
        std::memset(large, 1, 30 * kMiB);
        escape(large);
        std::free(large);
        constexpr std::size_t block = 200;
        std::vector<void*> blocks(48 * kMiB / block);
        for (void*& b : blocks) {
            b = std::malloc(block);
            std::memset(b, 1, block);
            escape(b);
        }
        for (void* b : blocks)
            std::free(b);
    });
    worker.join();
}
} // namespace

class TstMemory : public QObject {
    Q_OBJECT
private slots:
    void workerHeapGoesBack()
    {
        if (!kGlibcAllocator)
            QSKIP("the setting is glibc's allocator's");
        if (residentBytes() == 0)
            QSKIP("no /proc/self/statm");
        tutor::app::returnFreedMemoryPromptly();
        const std::size_t before = residentBytes();
        churnOnAThread();
        const std::size_t after = residentBytes();
        qInfo("resident %.1f MiB -> %.1f MiB", double(before) / kMiB, double(after) / kMiB);
        QVERIFY2(after < before + 8 * kMiB, "the worker's freed 48 MiB stayed resident");
    }

    // A 256 KiB block is mapped on its own (mallinfo2().hblks counts mapped blocks), except while a search holds
    // MidSizeBlocksFromArenas.
    void searchTakesMidSizeBlocksFromArenas()
    {
        if (!kGlibcAllocator)
            QSKIP("the setting is glibc's allocator's");
        tutor::app::returnFreedMemoryPromptly();
        const auto mappedWith = [](std::size_t bytes) {
            const std::size_t base = ::mallinfo2().hblks;
            void* p = std::malloc(bytes);
            escape(p);
            const std::size_t mapped = ::mallinfo2().hblks - base;
            std::free(p);
            return mapped;
        };
        QCOMPARE(mappedWith(256 << 10), std::size_t { 1 });
        {
            const tutor::app::MidSizeBlocksFromArenas search;
            QCOMPARE(mappedWith(256 << 10), std::size_t { 0 });
            QCOMPARE(mappedWith(1 << 20), std::size_t { 1 }); // past 512 KiB: mapped still
        }
        QCOMPARE(mappedWith(256 << 10), std::size_t { 1 });
    }
};

QTEST_GUILESS_MAIN(TstMemory)
#include "tst_memory.moc"
