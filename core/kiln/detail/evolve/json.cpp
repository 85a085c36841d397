#include "kiln/detail/evolve/json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace kiln::detail::evolve {

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (char ch : s) {
    auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

namespace {

// The decimal one unit in the last digit further from zero than `sci` ([-]D[.DDD]e(+|-)X), in
// the same form.
std::string next_decimal_away_from_zero(const char* sci) {
  std::string s(sci);
  const std::size_t e = s.find('e');
  const std::size_t first = s[0] == '-' ? 1 : 0;
  for (std::size_t i = e; i-- > first;) {
    if (s[i] == '.') continue;
    if (s[i] != '9') {
      ++s[i];
      return s;
    }
    s[i] = '0';
  }
  // Carried out of the first digit: 9.9e X becomes 1.0e X+1.
  s[first] = '1';
  return s.substr(0, e) + 'e' + std::to_string(std::atoi(s.c_str() + e + 1) + 1);
}

}  // namespace

void append_json_number(std::string& out, double d) {
  if (std::isnan(d)) {
    out += "\"NaN\"";
    return;
  }
  if (std::isinf(d)) {
    out += d > 0 ? "\"Infinity\"" : "\"-Infinity\"";
    return;
  }
  if (d == 0) {
    out += std::signbit(d) ? "-0" : "0";
    return;
  }
  // Shortest precision that round-trips; printf rounds correctly, so it is also the closest. At
  // a power of two the values that read back as d reach less far toward zero than away from it:
  // digits rounded toward zero can miss them where the next decimal away from zero still hits,
  // and that is then the shortest spelling (2^-140 is 7.174648137343064e-43, 16 digits).
  char buf[40];
  std::string text;
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof buf, "%.*e", prec - 1, d);
    text = buf;
    const double back = std::strtod(buf, nullptr);
    if (back == d) break;
    if (std::fabs(back) < std::fabs(d)) {
      text = next_decimal_away_from_zero(buf);
      if (std::strtod(text.c_str(), nullptr) == d) break;
    }
  }
  // text is [-]D[.DDD]e(+|-)XX: split into sign, digits and decimal exponent.
  std::string digits;
  const char* p = text.c_str();
  if (*p == '-') {
    out += '-';
    ++p;
  }
  for (; *p != 'e'; ++p)
    if (*p != '.') digits += *p;
  int e = std::atoi(p + 1);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  const int k = static_cast<int>(digits.size());
  const int n = e + 1;  // the decimal point sits after n digits
  // ECMAScript Number::toString.
  if (k <= n && n <= 21) {
    out += digits;
    out.append(static_cast<std::size_t>(n - k), '0');
  } else if (0 < n && n <= 21) {
    out += digits.substr(0, static_cast<std::size_t>(n));
    out += '.';
    out += digits.substr(static_cast<std::size_t>(n));
  } else if (-6 < n && n <= 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-n), '0');
    out += digits;
  } else {
    out += digits[0];
    if (k > 1) {
      out += '.';
      out += digits.substr(1);
    }
    out += 'e';
    out += (n - 1 < 0) ? '-' : '+';
    out += std::to_string(std::abs(n - 1));
  }
}

}  // namespace kiln::detail::evolve
