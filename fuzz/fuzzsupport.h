#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>
#include <utility>

/// What the libFuzzer targets in fuzz/ share: turning an input into the forms the parsers take,
/// and stopping the run loudly when an invariant breaks (a crash is only the floor).
namespace valis::fuzz {

/// Prints `what` (and the target's description of the input) and aborts, so libFuzzer keeps
/// the input as a crash.
[[noreturn]] void fail(const char *file, int line, const QString &what);

/// The input as a QByteArray that does not copy it (valid during the call only).
QByteArray bytes(const uint8_t *data, size_t size);

/// Writes the input to `fileName` in this process's scratch folder (on tmpfs when there is one)
/// and returns its path: for readers whose only entry takes a path. Each call overwrites the
/// previous input of that name.
QString writeInput(const QByteArray &content, const QString &fileName);

/// An Error a parser returns must say what is wrong: a code and a message.
void checkError(const char *file, int line, const Error &error);

/// Splits the input at its first NUL byte into two parts (the second empty when there is
/// none): targets that take two texts (a pattern and paths, a file and a diff).
std::pair<QByteArray, QByteArray> splitAtNul(const QByteArray &input);

} // namespace valis::fuzz

#define VALIS_FUZZ_CHECK(condition, what)                                                          \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::valis::fuzz::fail(__FILE__, __LINE__, QStringLiteral(#condition ": ") + (what));     \
    } while (false)

#define VALIS_FUZZ_CHECK_ERROR(error) ::valis::fuzz::checkError(__FILE__, __LINE__, (error))

/// libFuzzer's entry, defined once by each target.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
