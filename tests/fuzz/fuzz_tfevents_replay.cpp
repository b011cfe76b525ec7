// SPDX-License-Identifier: MIT
// Runs fuzz_tfevents.cpp's target without libFuzzer: over the files named on the command line
// (a corpus, a crash input), or, without arguments, over hostile event files made here from a
// real one (as tests/common/tfeventswriter writes them): every truncation, lengths up to
// 2^64 - 1 with a valid length CRC, flipped bytes, at a fixed seed. Registered as a test.
#include "common/tfeventswriter.h"
#include "metrics/tfevents/crc32c.h"

#include <QFile>
#include <QRandomGenerator>
#include <cstdint>
#include <cstdio>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace {

void run(const QByteArray &input)
{
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(input.constData()),
                           std::size_t(input.size()));
}

QByteArray lengthHeader(std::uint64_t length)
{
    QByteArray h(12, '\0');
    for (int i = 0; i < 8; ++i)
        h[i] = char((length >> (8 * i)) & 0xff);
    const std::uint32_t crc = trainyard::metrics::tfevents::maskedCrc32c(h.constData(), 8);
    for (int i = 0; i < 4; ++i)
        h[8 + i] = char((crc >> (8 * i)) & 0xff);
    return h;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (int i = 1; i < argc; ++i) {
            QFile f(QString::fromLocal8Bit(argv[i]));
            if (!f.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "cannot read %s\n", argv[i]);
                return 2;
            }
            run(f.readAll());
        }
        return 0;
    }
    using trainyard::test::TfEventsWriter;
    TfEventsWriter encoder{QString()};
    QByteArray file = TfEventsWriter::frame(TfEventsWriter::fileVersionEvent(1.0));
    for (int i = 0; i < 12; ++i)
        file += TfEventsWriter::frame(encoder.scalarEvent({{QStringLiteral("loss"), 1.0 / (i + 1)}},
                                                          i, TfEventsWriter::Encoding::SimpleValue,
                                                          1.0 + i));
    int inputs = 0;
    for (qsizetype cut = 0; cut <= file.size(); cut += 7, ++inputs)
        run(file.left(cut));
    for (const std::uint64_t length :
         {std::uint64_t(1) << 63, ~std::uint64_t(0), ~std::uint64_t(0) - 15,
          (std::uint64_t(1) << 63) - 16, std::uint64_t(5000), std::uint64_t(1) << 32}) {
        run(lengthHeader(length) + file);
        run(file.left(40) + lengthHeader(length) + file.mid(40));
        inputs += 2;
    }
    QRandomGenerator random(21);
    for (int i = 0; i < 150; ++i, ++inputs) {
        QByteArray mutated = file;
        const int flips = 1 + int(random.bounded(4));
        for (int k = 0; k < flips; ++k)
            mutated[qsizetype(random.bounded(quint32(mutated.size())))] = char(random.bounded(256));
        run(mutated);
    }
    std::printf("%d hostile event files read\n", inputs);
    return 0;
}
