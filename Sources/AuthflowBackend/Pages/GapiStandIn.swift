import AuthflowListener

/// A stand-in for the part of Google's API loader (`https://apis.google.com/js/api.js`) that the Firebase JS
/// SDK and the emulator's helper iframe use, served at `/apis.google.com/js/api.js` (Google's host first in the
/// path, as for the other stand-ins) for pages tested offline. It offers the same names and shapes:
/// `gapi.load('gapi.iframes', {callback, ontimeout, timeout})`, and in `gapi.iframes`
/// `CROSS_ORIGIN_IFRAMES_FILTER`, `getContext()` with `open(options, opened)` (an iframe at `options.url` in
/// `options.where`, with `options.attributes`; it returns a promise of what `opened` returns) and
/// `getParentIframe()`, and iframes with `restyle`, `ping`, `register` and `send` (a `send` is answered with
/// the array of the receiving handlers' results). After loading it calls `window.gapi_onload` and the function
/// its `onload` query parameter names, as the loader does.
///
/// Its messages are its own (only its two halves talk to each other, by `postMessage` with the receiving
/// window's origin): `{gapiStandIn: 1, kind, …}` with `kind` `ping`/`pong` (a child answers pings once its
/// page has loaded `gapi.iframes`; the parent pings again every 250 ms until then), `send` (`id`, `name`,
/// `data`) and `reply` (`id`, `responses`). A child learns its parent's origin from the first ping and holds
/// what it sends until then; a parent holds a child's message for a name nothing has registered yet.
enum GapiStandIn {
    /// Where the loader is served.
    static let path = "/apis.google.com/js/api.js"

    static func reply() -> LoopbackResponse {
        ScriptReply.javascript(
            source + """
                (function () {
                  var script = document.currentScript;
                  var onload = script ? new URL(script.src).searchParams.get('onload') : null;
                  if (typeof window.gapi_onload === 'function') { setTimeout(window.gapi_onload, 0); }
                  if (onload && typeof window[onload] === 'function') { setTimeout(window[onload], 0); }
                })();

                """)
    }

    /// The script that installs `window.gapi` (unless one with `gapi.iframes` is already there); the stand-in
    /// SDK runs it where the real one would load `api.js`.
    static let source = #"""
        (function (global) {
          if (global.gapi && global.gapi.iframes && global.gapi.iframes.Iframe) { return; }
          var loaded = false;
          var nextId = 1;
          var frames = [];
          var parentLink = null;
          function message(kind, fields) {
            var data = { gapiStandIn: 1, kind: kind };
            for (var key in fields) { data[key] = fields[key]; }
            return data;
          }
          function originOf(url) { return new URL(url, global.location.href).origin; }
          // The handlers, pending replies and held messages of one side of a link.
          function Link(post) {
            this._post = post;
            this._handlers = {};
            this._pending = {};
            this._held = {};
          }
          Link.prototype.register = function (name, handler) {
            this._handlers[name] = handler;
            var held = this._held[name] || [];
            delete this._held[name];
            for (var i = 0; i < held.length; i++) { this._answer(held[i]); }
          };
          Link.prototype.unregister = function (name) { delete this._handlers[name]; };
          Link.prototype.send = function (name, data, callback) {
            var id = nextId++;
            if (callback) { this._pending[id] = callback; }
            this._post(message('send', { id: id, name: name, data: data }));
          };
          Link.prototype._answer = function (request) {
            var handler = this._handlers[request.name];
            if (!handler) {
              (this._held[request.name] = this._held[request.name] || []).push(request);
              return;
            }
            var responses = [];
            try { responses.push(handler(request.data)); } catch (e) { responses.push(undefined); }
            this._post(message('reply', { id: request.id, responses: responses }));
          };
          Link.prototype._receive = function (data) {
            if (data.kind === 'send') {
              this._answer(data);
            } else if (data.kind === 'reply') {
              var callback = this._pending[data.id];
              delete this._pending[data.id];
              if (callback) { callback(data.responses); }
            }
          };
          function Iframe(element, origin) {
            this._element = element;
            this._origin = origin;
            this._pongs = [];
            this._link = new Link(function (data) {
              if (element.contentWindow) { element.contentWindow.postMessage(data, origin); }
            });
          }
          Iframe.prototype.getOrigin = function () { return this._origin; };
          Iframe.prototype.getIframeEl = function () { return this._element; };
          Iframe.prototype.restyle = function () { return Promise.resolve(true); };
          Iframe.prototype.register = function (name, handler) { this._link.register(name, handler); };
          Iframe.prototype.unregister = function (name) { this._link.unregister(name); };
          Iframe.prototype.send = function (name, data, callback) { this._link.send(name, data, callback); };
          Iframe.prototype.ping = function (callback) {
            var self = this;
            return new Promise(function (resolve) {
              var timer = null;
              var id = nextId++;
              function answered() {
                clearInterval(timer);
                if (callback) { callback(); }
                resolve(true);
              }
              self._pongs.push({ id: id, answered: answered });
              function ping() {
                if (self._element.contentWindow) {
                  self._element.contentWindow.postMessage(message('ping', { id: id }), self._origin);
                }
              }
              timer = setInterval(ping, 250);
              ping();
            });
          };
          Iframe.prototype._receive = function (data) {
            if (data.kind === 'pong') {
              var pongs = this._pongs.filter(function (p) { return p.id === data.id; });
              this._pongs = this._pongs.filter(function (p) { return p.id !== data.id; });
              pongs.forEach(function (p) { p.answered(); });
            } else {
              this._link._receive(data);
            }
          };
          var parentOrigin = null;
          var parentQueue = [];
          function postToParent(data) {
            if (parentOrigin) { global.parent.postMessage(data, parentOrigin); } else { parentQueue.push(data); }
          }
          global.addEventListener('message', function (event) {
            var data = event.data;
            if (!data || typeof data !== 'object' || data.gapiStandIn !== 1) { return; }
            if (global.parent !== global && event.source === global.parent) {
              if (data.kind === 'ping') {
                if (!loaded) { return; }
                if (!parentOrigin) {
                  parentOrigin = event.origin;
                  var queued = parentQueue;
                  parentQueue = [];
                  queued.forEach(postToParent);
                }
                global.parent.postMessage(message('pong', { id: data.id }), event.origin);
              } else if (event.origin === parentOrigin && parentLink) {
                parentLink._receive(data);
              }
              return;
            }
            for (var i = 0; i < frames.length; i++) {
              if (event.source === frames[i]._element.contentWindow && event.origin === frames[i]._origin) {
                frames[i]._receive(data);
              }
            }
          });
          function Context() {}
          Context.prototype.open = function (options, opened) {
            var element = document.createElement('iframe');
            var attributes = options.attributes || {};
            for (var name in attributes) {
              if (name === 'style') {
                for (var property in attributes.style) { element.style[property] = attributes.style[property]; }
              } else {
                element.setAttribute(name, attributes[name]);
              }
            }
            element.src = options.url;
            var frame = new Iframe(element, originOf(options.url));
            frames.push(frame);
            (options.where || document.body).appendChild(element);
            return Promise.resolve(opened ? opened(frame) : frame);
          };
          Context.prototype.getParentIframe = function () {
            if (!parentLink) { parentLink = new Link(postToParent); }
            return parentLink;
          };
          var context = new Context();
          var iframes = {
            Iframe: Iframe,
            CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; },
            getContext: function () { return context; },
          };
          global.gapi = global.gapi || {};
          global.gapi.load = function (name, options) {
            var callback = typeof options === 'function' ? options : options && options.callback;
            setTimeout(function () {
              if (name.split(':').indexOf('gapi.iframes') >= 0) {
                global.gapi.iframes = iframes;
                loaded = true;
              }
              if (callback) { callback(); }
            }, 0);
          };
        })(window);

        """#
}
