"""A kernel websocket connection with TCP_NODELAY, for comparison in the latency benchmark.

jupyter_server does not set TCP_NODELAY on its kernel websockets, so a reply written soon
after another one can wait for the browser's delayed ACK (about 40 ms). Use with
``--ServerApp.kernel_websocket_connection_class=nodelay.NoDelayConnection``.
"""
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    async def connect(self):
        self.websocket_handler.set_nodelay(True)
        return await super().connect()
