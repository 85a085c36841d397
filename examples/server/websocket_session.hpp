// /ws?kind=foo&count=N: the server sends N typed messages as frames over a WebSocket while it
// reads the client's typed replies, one per message, and closes once all N are checked.
// Frames do not follow WebSocket message boundaries: each batch goes out as two WebSocket
// messages split inside a frame, so a client must reassemble, as over any byte stream.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "asio.hpp"
#include "message_source.hpp"
#include "reply_checker.hpp"
#include "request.hpp"
#include "server.hpp"

namespace kiln_server {

using WebSocket = websocket::stream<beast::tcp_stream>;

inline awaitable<void> send_messages(WebSocket& ws, Server& server, std::uint64_t id,
                                     StreamRequest request) {
  ActiveStream active(server, id, std::string(kind_name(request.kind)));
  MessageSource source(request.kind, Format::kKiln, request.count);
  std::vector<std::uint8_t> batch;
  while (source.next_batch(batch, server.config.batch_bytes)) {
    server.note_batch(batch.size());
    const std::size_t half = batch.size() / 2 + 1;
    co_await ws.async_write(net::buffer(batch.data(), half), use_awaitable);
    if (half < batch.size()) {
      co_await ws.async_write(net::buffer(batch.data() + half, batch.size() - half), use_awaitable);
    }
    active.sent(source.produced(), batch.size());
  }
}

inline awaitable<void> read_replies(WebSocket& ws, Server& server, StreamRequest request) {
  ReplyChecker replies(server, request.kind, request.count);
  beast::flat_buffer buffer;
  while (!replies.done()) {
    try {
      co_await ws.async_read(buffer, use_awaitable);
    } catch (const boost::system::system_error& e) {
      if (e.code() == websocket::error::message_too_big) {
        throw ClientError("a WebSocket message larger than " +
                          std::to_string(server.config.max_ws_message) + " bytes");
      }
      if (e.code() == websocket::error::closed) replies.finish();  // closed inside a frame?
      throw;
    }
    const auto data = buffer.cdata();
    server.stats.replies_checked +=
        replies.feed({static_cast<const std::uint8_t*>(data.data()), data.size()});
    buffer.consume(buffer.size());
  }
}

inline awaitable<void> run_websocket(Server& server, std::uint64_t id, beast::tcp_stream stream,
                                     http::request<http::empty_body> upgrade) {
  WebSocket ws(std::move(stream));
  beast::get_lowest_layer(ws).expires_never();
  ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  ws.read_message_max(server.config.max_ws_message);
  ws.binary(true);
  std::string failure;
  StreamRequest request;
  try {
    request = parse_stream_request(upgrade.target());
  } catch (const ClientError& e) {
    failure = e.what();
  }
  co_await ws.async_accept(upgrade, use_awaitable);
  if (failure.empty()) {
    server.log(id, "websocket: sending " + std::to_string(request.count) + " " +
                       std::string(kind_name(request.kind)) + " messages");
    try {
      using namespace net::experimental::awaitable_operators;
      co_await (send_messages(ws, server, id, request) && read_replies(ws, server, request));
    } catch (const ClientError& e) {
      failure = e.what();
    }
  }
  if (!failure.empty()) {
    server.refuse(id, "websocket", failure);
    // A close reason is at most 123 bytes; the log has the whole message.
    websocket::close_reason reason(websocket::close_code::policy_error, failure.substr(0, 120));
    boost::system::error_code ignored;
    co_await ws.async_close(reason, net::redirect_error(use_awaitable, ignored));
    co_return;
  }
  co_await ws.async_close(websocket::close_code::normal, use_awaitable);
  server.log(id, "websocket: " + std::to_string(request.count) + " replies checked, closed");
}

}  // namespace kiln_server
