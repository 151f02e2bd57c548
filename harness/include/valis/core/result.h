#pragma once

#include <QString>

#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace valis {

/// A failure that travels as a value. `code` is a stable, machine-readable identifier
/// ("store.future-schema", "import.malformed-line"); `message` is the translated text a person
/// reads; `location` names the file and line (or other place) the failure is about, when there
/// is one. Callers show `toString()`; tests compare `code` and look for words in `message`.
struct Error
{
    QString code;
    QString message;
    QString location;

    Error() = default;
    Error(QString errorCode, QString text, QString where = {})
        : code(std::move(errorCode)), message(std::move(text)), location(std::move(where))
    {}

    /// "location: message" or just the message.
    QString toString() const
    {
        return location.isEmpty() ? message : location + QStringLiteral(": ") + message;
    }
};

/// Either a value or an Error; a small stand-in for std::expected (not in GCC 12's C++20).
/// Deliberately has no implicit bool conversion that could be mistaken for the value.
template<typename T>
class [[nodiscard]] Result
{
public:
    Result(const T &value) : m_state(value) {}
    Result(T &&value) : m_state(std::move(value)) {}
    Result(const Error &error) : m_state(error) {}
    Result(Error &&error) : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    bool hasError() const { return !ok(); }

    const T &value() const & { return std::get<T>(m_state); }
    T &value() & { return std::get<T>(m_state); }
    /// By value, not T&&: `for (auto &x : makeResult().value())` must not refer into a dead
    /// temporary.
    T value() && { return std::get<T>(std::move(m_state)); }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    const Error &error() const { return std::get<Error>(m_state); }

    T valueOr(T fallback) const { return ok() ? value() : std::move(fallback); }

private:
    std::variant<T, Error> m_state;
};

template<>
class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(const Error &error) : m_error(error) {}
    Result(Error &&error) : m_error(std::move(error)) {}

    bool ok() const { return !m_error.has_value(); }
    bool hasError() const { return m_error.has_value(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

/// Success of a Result<void>, spelled out at the return site.
inline Result<void> success() { return {}; }

} // namespace valis
