// join.js: the students' first page: a seat code, then the seat's page (/s/CODE).
const form = document.getElementById("join");
const input = document.getElementById("code");
const msg = document.getElementById("msg");
input.focus();
form.addEventListener("submit", (e) => {
  e.preventDefault();
  const code = input.value.toUpperCase().replace(/[^A-Z]/g, "");
  if (code.length < 4 || code.length > 8) {
    msg.textContent = "A seat code is six letters, e.g. BAKETU.";
    return;
  }
  location.href = "/s/" + encodeURIComponent(code);
});
