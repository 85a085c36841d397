// One HTTP connection: requests one after another (keep-alive), and a WebSocket upgrade.
//   GET  /stream?kind=&count=&format=   N messages as a chunked body: Kiln frames or JSON lines
//   POST /upload?kind=&count=           a body of framed Records (the replies for messages
//                                       0..N-1), checked as they arrive
//   GET  /stats                         the server's statistics as JSON
//   GET  /ws?kind=&count=               WebSocket (websocket_session.hpp)
//   GET  anything else                  the mounted static files, under a strict CSP
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "asio.hpp"
#include "message_source.hpp"
#include "reply_checker.hpp"
#include "request.hpp"
#include "server.hpp"
#include "websocket_session.hpp"

namespace kiln_server {

// The request line's facts a response needs (an upload moves the request out of its parser).
struct RequestFacts {
  unsigned version;
  bool keep_alive;
};

inline http::response<http::string_body> text_response(RequestFacts req, http::status status,
                                                       std::string_view content_type,
                                                       std::string body) {
  http::response<http::string_body> res{status, req.version};
  res.set(http::field::content_type, content_type);
  res.set("Content-Security-Policy", kCsp);
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive);
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

// Sends the stream batch by batch: the next batch is made only once the socket has taken the
// last, so a client that reads slowly holds the server to one batch, not the whole stream.
inline awaitable<void> send_stream(beast::tcp_stream& stream, Server& server, std::uint64_t id,
                                   RequestFacts req, StreamRequest request) {
  http::response<http::empty_body> res{http::status::ok, req.version};
  res.set(http::field::content_type,
          request.format == Format::kKiln ? "application/x-kiln-frames" : "application/x-ndjson");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive);
  res.chunked(true);
  http::response_serializer<http::empty_body> head{res};
  stream.expires_after(std::chrono::seconds(60));
  co_await http::async_write_header(stream, head, use_awaitable);

  ActiveStream active(server, id, std::string(kind_name(request.kind)));
  MessageSource source(request.kind, request.format, request.count);
  std::vector<std::uint8_t> batch;
  while (source.next_batch(batch, server.config.batch_bytes)) {
    server.note_batch(batch.size());
    stream.expires_after(std::chrono::seconds(60));  // a reader may pause, not vanish
    co_await net::async_write(stream, http::make_chunk(net::buffer(batch)), use_awaitable);
    active.sent(source.produced(), batch.size());
  }
  co_await net::async_write(stream, http::make_chunk_last(), use_awaitable);
}

// Reads an upload body piece by piece into the frame reader: the server holds one piece and at
// most one incomplete frame, whatever the body's length.
inline awaitable<std::string> read_upload(beast::tcp_stream& stream, beast::flat_buffer& buffer,
                                          http::request_parser<http::empty_body>& header,
                                          Server& server, StreamRequest request) {
  http::request_parser<http::buffer_body> parser{std::move(header)};
  parser.body_limit(std::numeric_limits<std::uint64_t>::max());
  ReplyChecker records(server, request.kind, request.count);
  std::array<char, 16 << 10> piece;
  while (!parser.is_done()) {
    parser.get().body().data = piece.data();
    parser.get().body().size = piece.size();
    boost::system::error_code ec;
    stream.expires_after(std::chrono::seconds(30));
    co_await http::async_read_some(stream, buffer, parser, net::redirect_error(use_awaitable, ec));
    if (ec == http::error::need_buffer) ec = {};
    if (ec) throw boost::system::system_error(ec);
    const std::size_t n = piece.size() - parser.get().body().size;
    server.stats.records_uploaded +=
        records.feed({reinterpret_cast<const std::uint8_t*>(piece.data()), n});
  }
  records.finish();
  if (!records.done()) {
    throw ClientError("the upload holds " + std::to_string(records.checked()) + " of " +
                      std::to_string(request.count) + " records");
  }
  co_return "{\"received\":" + std::to_string(records.checked()) + "}";
}

inline awaitable<void> run_connection(Server& server, tcp::socket socket) {
  const std::uint64_t id = ++server.stats.connections;
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  try {
    for (bool keep_alive = true; keep_alive;) {
      http::request_parser<http::empty_body> parser;
      stream.expires_after(std::chrono::seconds(30));
      co_await http::async_read_header(stream, buffer, parser, use_awaitable);
      const http::request<http::empty_body>& req = parser.get();
      const RequestFacts facts{req.version(), req.keep_alive()};
      const http::verb method = req.method();
      const std::string target(req.target());
      const std::string_view path = path_of(target);
      keep_alive = facts.keep_alive;
      if (websocket::is_upgrade(parser.get()) && path == "/ws") {
        co_await run_websocket(server, id, std::move(stream), parser.release());
        co_return;
      }
      std::string failure;
      std::string uploaded;
      try {
        if (path == "/stream" && req.method() == http::verb::get) {
          co_await send_stream(stream, server, id, facts, parse_stream_request(target));
          continue;
        }
        if (path == "/upload" && method == http::verb::post) {
          uploaded =
              co_await read_upload(stream, buffer, parser, server, parse_stream_request(target));
        }
      } catch (const ClientError& e) {
        failure = e.what();
      }
      http::response<http::string_body> res;
      if (!failure.empty()) {
        server.refuse(id, std::string(path), failure);
        res = text_response(facts, http::status::bad_request, "text/plain", failure + "\n");
        res.keep_alive(false);
      } else if (!uploaded.empty()) {
        res = text_response(facts, http::status::ok, "application/json", uploaded);
      } else if (path == "/favicon.ico") {
        res = text_response(facts, http::status::no_content, "text/plain", "");
      } else if (path == "/stats") {
        res = text_response(facts, http::status::ok, "application/json", server.stats.json());
      } else if (auto file = server.files.find(target); file && method == http::verb::get) {
        res = text_response(facts, http::status::ok, file->content_type, std::move(file->body));
      } else {
        res = text_response(facts, http::status::not_found, "text/plain", "not found\n");
      }
      keep_alive = keep_alive && res.keep_alive();
      co_await http::async_write(stream, res, use_awaitable);
    }
  } catch (const boost::system::system_error& e) {
    if (!is_disconnect(e.code())) server.log(id, std::string("ended: ") + e.what());
  }
  boost::system::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

}  // namespace kiln_server
