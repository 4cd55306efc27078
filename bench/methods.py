# Method calls on instances: attribute reads and writes, bound calls,
# inheritance and super().
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, o):
        return Vec(self.x + o.x, self.y + o.y)

    def dot(self, o):
        return self.x * o.x + self.y * o.y

class Particle:
    def __init__(self, i):
        self.pos = Vec(i, -i)
        self.vel = Vec(1, 2)
        self.steps = 0

    def step(self):
        self.pos = self.pos.add(self.vel)
        self.steps += 1

    def energy(self):
        return self.vel.dot(self.vel) + self.pos.dot(self.pos) % 97

class Heavy(Particle):
    def step(self):
        super().step()
        self.vel = Vec(self.vel.x, self.vel.y - 1)

ps = [Particle(i) if i % 2 else Heavy(i) for i in range(100)]
total = 0
for t in range(3000):
    for p in ps:
        p.step()
    total += ps[t % 100].energy()
print("methods checksum", total, sum(p.steps for p in ps))
