# Tables of the seventeenth corpus (seeded), written blind: before any run
# of the analyst on them. Domains no earlier corpus has: card transactions,
# plumbing call-outs, a greenhouse tomato trial, staff training enrolments,
# broadband/mobile network outages. Each table uses its own column style.
import numpy as np
import pandas as pd

rng = np.random.default_rng(170917)


def dates(start, days, n):
    d = pd.Timestamp(start) + pd.to_timedelta(rng.integers(0, days, n), unit="D")
    return np.sort(d.values)


# Card transactions (camelCase, true/false flags): one row per purchase.
n = 184
cats = ["Groceries", "Dining", "Fuel", "Online Retail", "Travel", "Electronics", "Utilities"]
catp = [0.30, 0.19, 0.14, 0.13, 0.08, 0.07, 0.09]
scale = {"Groceries": 45, "Dining": 32, "Fuel": 55, "Online Retail": 60, "Travel": 310, "Electronics": 240, "Utilities": 95}
cat = rng.choice(cats, n, p=catp)
card = rng.choice(["Debit", "Credit", "Prepaid"], n, p=[0.55, 0.38, 0.07])
channel = np.where(np.isin(cat, ["Online Retail", "Utilities"]), "Online",
                   rng.choice(["Contactless", "Chip & PIN", "Online"], n, p=[0.55, 0.3, 0.15]))
amount = np.array([round(scale[c] * rng.lognormal(0, 0.55), 2) for c in cat])
intl = rng.random(n) < np.where(cat == "Travel", 0.55, 0.08)
fx = np.where(intl & (card != "Prepaid"), np.round(amount * 0.0275, 2), 0.0)
cashback = np.where(card == "Credit", np.round(amount * np.where(cat == "Groceries", 0.02, 0.01), 2), 0.0)
age = np.clip(rng.normal(41, 13, n).round(), 18, 84).astype(int)
fraud = rng.random(n) < (0.02 + 0.10 * intl + 0.08 * (cat == "Electronics"))
pd.DataFrame({
    "txnDate": pd.to_datetime(dates("2024-01-01", 182, n)).strftime("%Y-%m-%d"),
    "merchantCategory": cat, "cardType": card, "channel": channel,
    "amount": amount, "cashbackEarned": cashback, "fxFee": fx, "customerAge": age,
    "isInternational": intl, "flaggedFraud": fraud,
}).to_csv("card_txns_2024H1.csv", index=False)

# Plumbing call-outs (Title Case With Spaces): one row per job.
n = 152
jobs = ["Leak", "Blocked Drain", "Boiler Repair", "Tap Replacement", "Burst Pipe", "Toilet Repair"]
jobp = [0.27, 0.22, 0.19, 0.12, 0.08, 0.12]
base_h = {"Leak": 1.6, "Blocked Drain": 1.3, "Boiler Repair": 2.6, "Tap Replacement": 1.0, "Burst Pipe": 3.1, "Toilet Repair": 1.2}
parts = {"Leak": 25, "Blocked Drain": 8, "Boiler Repair": 140, "Tap Replacement": 60, "Burst Pipe": 75, "Toilet Repair": 35}
job = rng.choice(jobs, n, p=jobp)
area = rng.choice(["Central", "North", "South", "East", "West"], n, p=[0.3, 0.22, 0.2, 0.16, 0.12])
eng = rng.choice(["Gary Holt", "Priya Nair", "Tom Reilly", "Sam Okoye"], n, p=[0.34, 0.28, 0.22, 0.16])
emerg = rng.random(n) < np.where(np.isin(job, ["Burst Pipe", "Leak"]), 0.6, 0.15)
hours = np.array([round(max(0.5, base_h[j] * rng.gamma(4, 0.25)), 1) for j in job])
pc = np.array([round(parts[j] * rng.gamma(2, 0.5), 2) for j in job])
rate = np.where(emerg, 95, 65)
labour = np.round(hours * rate, 2)
miles = np.round(np.where(area == "Central", rng.uniform(1, 6, n), rng.uniform(4, 22, n)), 1)
repeat = rng.random(n) < np.where(job == "Boiler Repair", 0.25, 0.08)
pd.DataFrame({
    "Callout Date": pd.to_datetime(dates("2024-09-01", 150, n)).strftime("%d/%m/%Y"),
    "Job Type": job, "Area": area, "Engineer": eng,
    "Hours On Site": hours, "Parts Cost": pc, "Labour Charge": labour, "Miles Driven": miles,
    "Emergency": np.where(emerg, "Yes", "No"), "Repeat Visit": np.where(repeat, "Yes", "No"),
}).to_csv("plumbing callouts Sep-Jan.csv", index=False)

# Greenhouse tomato trial (units in brackets): one row per plant measurement.
n = 168
var = rng.choice(["Moneymaker", "Gardener's Delight", "Shirley", "Ailsa Craig"], n, p=[0.32, 0.28, 0.22, 0.18])
feed = rng.choice(["Control", "High Potash", "Seaweed", "Organic Pellet"], n, p=[0.25, 0.3, 0.25, 0.2])
bay = rng.choice(["Bay 1", "Bay 2", "Bay 3"], n, p=[0.4, 0.35, 0.25])
d = pd.to_datetime(dates("2024-05-06", 120, n))
week = ((d - pd.Timestamp("2024-05-06")).days // 7).values
temp = np.round(19 + 5 * np.sin(week / 17 * np.pi) + rng.normal(0, 1.3, n) + np.where(bay == "Bay 3", 1.2, 0), 1)
height = np.round(40 + 9.5 * week + rng.normal(0, 12, n), 1)
feedb = {"Control": 0, "High Potash": 1.3, "Seaweed": 0.7, "Organic Pellet": 0.4}
truss = np.clip(np.round(week / 2.2 + np.array([feedb[f] for f in feed]) + rng.normal(0, 1, n)), 0, None).astype(int)
fw = {"Moneymaker": 85, "Gardener's Delight": 18, "Shirley": 95, "Ailsa Craig": 75}
fruit = np.round(np.array([fw[v] for v in var]) * (1 + 0.08 * np.array([feedb[f] for f in feed])) * rng.normal(1, 0.12, n), 1)
water = np.round(0.8 + 0.06 * height / 10 + 0.12 * (temp - 18) + rng.normal(0, 0.2, n), 2)
blight = rng.random(n) < np.where(temp > 24, 0.22, 0.06)
pd.DataFrame({
    "Date Measured": d.strftime("%Y-%m-%d"), "Variety": var, "Feed": feed, "Bay": bay,
    "Plant Height (cm)": height, "Fruit Weight (g)": fruit, "Trusses": truss,
    "Water Applied (L)": water, "Air Temp (C)": temp, "Blight Seen": np.where(blight, "yes", "no"),
}).to_csv("tomato_trial_2024.csv", index=False)

# Staff training enrolments (snake_case with abbreviations): one row per enrolment.
n = 176
courses = {"Excel Intermediate": (7, 180), "First Aid at Work": (18, 320), "GDPR Essentials": (3, 95),
           "Leadership Foundations": (14, 650), "Project Mgmt Basics": (12, 480), "Fire Marshal": (4, 140)}
cp = [0.24, 0.12, 0.22, 0.1, 0.14, 0.18]
course = rng.choice(list(courses), n, p=cp)
dept = rng.choice(["Operations", "Finance", "Sales", "IT", "HR", "Customer Service"], n, p=[0.28, 0.14, 0.2, 0.13, 0.08, 0.17])
mode = np.where(course == "GDPR Essentials", "Online",
                rng.choice(["Classroom", "Online", "Blended"], n, p=[0.45, 0.3, 0.25]))
dur = np.array([courses[c][0] for c in course], dtype=float)
fee = np.array([courses[c][1] for c in course], dtype=float) * np.where(mode == "Online", 0.7, 1.0)
pre = np.clip(rng.normal(54, 13, n).round(), 10, 95).astype(int)
completed = rng.random(n) < np.where(mode == "Online", 0.72, 0.9)
post = np.where(completed, np.clip(pre + rng.normal(18, 8, n).round(), 20, 100), np.nan)
approved = rng.random(n) < 0.85
pd.DataFrame({
    "enrol_dt": pd.to_datetime(dates("2024-02-01", 240, n)).strftime("%Y-%m-%d"),
    "course_name": course, "dept": dept, "delivery_mode": mode,
    "course_dur_hrs": dur, "fee_amt": np.round(fee, 2), "pre_score": pre, "post_score": post,
    "completed": np.where(completed, "yes", "no"), "mgr_approved": np.where(approved, "Y", "N"),
}).to_csv("training_enrolments.csv", index=False)

# Network outages (SHOUTING_CAPS with abbreviations): one row per incident.
n = 141
cause = rng.choice(["Power Loss", "Fibre Cut", "Hardware Fault", "Software Bug", "Weather", "Planned Works"], n,
                   p=[0.24, 0.2, 0.22, 0.12, 0.08, 0.14])
region = rng.choice(["NW", "NE", "MID", "SE", "SW", "SCO"], n, p=[0.2, 0.12, 0.18, 0.25, 0.13, 0.12])
svc = rng.choice(["Broadband", "Mobile", "TV"], n, p=[0.55, 0.33, 0.12])
durm = {"Power Loss": 95, "Fibre Cut": 380, "Hardware Fault": 160, "Software Bug": 70, "Weather": 300, "Planned Works": 120}
dur = np.array([int(max(5, durm[c] * rng.lognormal(0, 0.6))) for c in cause])
cust = (rng.lognormal(6.3, 1.1, n)).astype(int) + 10
planned = cause == "Planned Works"
sla = (~planned) & (dur > 240)
credits = np.where(sla, np.round(cust * rng.uniform(1.5, 4.0, n), 2), 0.0)
techs = np.clip(1 + (dur // 120) + rng.integers(0, 3, n), 1, 9)
pd.DataFrame({
    "OUTAGE_DT": pd.to_datetime(dates("2024-07-01", 92, n)).strftime("%Y-%m-%d"),
    "REGION_CD": region, "ROOT_CAUSE": cause, "SVC_TYPE": svc,
    "CUST_AFFECTED": cust, "DUR_MIN": dur, "CREDITS_GBP": credits, "TECH_CNT": techs,
    "SLA_BREACH_FLG": np.where(sla, "Y", "N"), "PLANNED_FLG": np.where(planned, "Y", "N"),
}).to_csv("NETWORK_OUTAGES_Q3_2024.csv", index=False)
