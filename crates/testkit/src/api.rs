//! The HTTP calls a client makes before it opens a table's socket.

use std::time::Duration;

use serde_json::{Value, json};

use crate::{KitError, Result};

/// The HTTP API of one server (`http://host:port`).
#[derive(Clone, Debug)]
pub struct Api {
    http: reqwest::Client,
    base: String,
}

impl Api {
    pub fn new(base: impl Into<String>) -> Api {
        Api {
            http: reqwest::Client::builder().pool_max_idle_per_host(64).build().unwrap_or_default(),
            base: base.into(),
        }
    }

    /// POSTs JSON and returns the answer; an error status is an error.
    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Result<Value> {
        let mut req = self.http.post(format!("{}{path}", self.base)).json(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let r = req.send().await?;
        let status = r.status();
        let v: Value = r.json().await?;
        if !status.is_success() {
            return Err(KitError::Status(status.as_u16(), format!("{path}: {v}")));
        }
        Ok(v)
    }

    /// GETs JSON (with the device token when given); an error status is an error.
    pub async fn get(&self, path: &str, token: Option<&str>) -> Result<Value> {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let r = req.send().await?;
        let status = r.status();
        let v: Value = r.json().await?;
        if !status.is_success() {
            return Err(KitError::Status(status.as_u16(), format!("{path}: {v}")));
        }
        Ok(v)
    }

    /// [`Api::post`], waiting out rate limits, restarts and a server that is not up (up to
    /// `within`).
    pub async fn post_patiently(
        &self,
        path: &str,
        token: Option<&str>,
        body: &Value,
        within: Duration,
    ) -> Result<Value> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            match self.post(path, token, body).await {
                Ok(v) => return Ok(v),
                Err(e) if tokio::time::Instant::now() > deadline => return Err(e),
                // Refused for good: a bad request is not going to get better.
                Err(KitError::Status(code, m)) if code != 429 && code < 500 => return Err(KitError::Status(code, m)),
                Err(_) => tokio::time::sleep(Duration::from_millis(150)).await,
            }
        }
    }

    /// A new device: `(token, player id)`.
    pub async fn player(&self, name: &str) -> Result<(String, String)> {
        let r = self.post_patiently("/api/players", None, &json!({"name": name}), Duration::from_secs(30)).await?;
        let s = |k: &str| r[k].as_str().map(str::to_string).ok_or_else(|| KitError::Server(format!("no {k} in {r}")));
        Ok((s("token")?, s("playerId")?))
    }

    /// Opens a group (`{"game": ..., "options": ...}`) as `token`; returns its invite code.
    pub async fn group(&self, token: &str, body: &Value) -> Result<String> {
        let r = self.post_patiently("/api/groups", Some(token), body, Duration::from_secs(30)).await?;
        r["code"].as_str().map(str::to_string).ok_or_else(|| KitError::Server(format!("no code in {r}")))
    }
}
