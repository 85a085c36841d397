// The Boost.Asio and Boost.Beast names the server uses: one thread, C++20 coroutines.
#pragma once

#include <boost/asio.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/beast.hpp>
#include <boost/beast/websocket.hpp>

namespace kiln_server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using net::awaitable;
using net::use_awaitable;

// Errors that mean the peer went away, which ends a connection without an error to log.
inline bool is_disconnect(const boost::system::error_code& ec) {
  return ec == net::error::eof || ec == net::error::connection_reset ||
         ec == net::error::broken_pipe || ec == net::error::operation_aborted ||
         ec == http::error::end_of_stream || ec == websocket::error::closed ||
         ec == beast::error::timeout;
}

}  // namespace kiln_server
